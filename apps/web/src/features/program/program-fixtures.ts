import type { HepItem, HepProgram } from '@rehabit/contract';

export function makeHepItem(id: number, title: string, changes: Partial<HepItem> = {}): HepItem {
  return {
    id,
    patient_id: 101,
    video_id: id + 100,
    video: {
      id: id + 100,
      title,
      description: '-',
      title_es: '',
      description_es: '',
      status: 'ready',
      body_part: 'Hip',
      equipment: 'None',
      duration_seconds: 12,
      play_url: null,
      poster_url: null,
      captions: [],
    },
    order: id,
    sets: 2,
    reps: 10,
    hold_seconds: 0,
    times_per_day: 1,
    days_per_week: 7,
    description: '',
    folder_id: null,
    folder_name: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...changes,
  };
}

export const programOf = (results: HepItem[]): HepProgram => ({
  results,
  count: results.length,
  updated_at: results.length ? '2026-03-01T10:00:00.000Z' : null,
});

export const bridge = makeHepItem(1, 'Bridge', {
  sets: 3,
  reps: 12,
  hold_seconds: 5,
  description: 'Squeeze at the top.',
});
export const clamshell = makeHepItem(2, 'Clamshell', { folder_id: 5, folder_name: 'Post-op knee' });
export const heelSlide = makeHepItem(3, 'Heel slide', { times_per_day: 2, days_per_week: 5 });
