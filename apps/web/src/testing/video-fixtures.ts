import type { Folder, HepRequest, Video } from '@rehabit/contract';

export function makeVideo(changes: Partial<Video> = {}): Video {
  return {
    id: 31,
    video_id: '8a4b0c5e-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
    library: 'clinic',
    owner: { id: 7, display_name: 'Tara Nguyen' },
    title: 'Clamshell',
    body_part: 'Hip',
    purpose: 'Strength',
    position: 'Side-lying',
    position_title: 'Position: Supine to Standing',
    equipment: 'None',
    reps: 10,
    sets: 2,
    unhealthy_body_part: '-',
    purpose_of_treatment: '-',
    description: 'Lie on your side with hips and knees bent.',
    title_es: '',
    description_es: '',
    status: 'ready',
    failure_reason: null,
    duration_seconds: 12.5,
    size_bytes: 123456,
    play_url: '/video-host/play/8a4b0c5e-1f2a-4b3c-9d8e-7f6a5b4c3d2e?expires=1&sig=x',
    poster_url: '/video-host/poster/8a4b0c5e-1f2a-4b3c-9d8e-7f6a5b4c3d2e?expires=1&sig=x',
    captions: [],
    can_edit: true,
    folder_ids: [],
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...changes,
  };
}

export function makeFolder(changes: Partial<Folder> = {}): Folder {
  return {
    id: 5,
    name: 'Post-op knee',
    is_shared: false,
    is_mine: true,
    owner: { id: 7, display_name: 'Tara Nguyen' },
    video_count: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    ...changes,
  };
}

/** An open request for an exercise video, as its sender and the admins' queue read it. */
export function makeHepRequest(changes: Partial<HepRequest> = {}): HepRequest {
  return {
    id: 4,
    request_content: 'Seated marching',
    requested_by: { id: 7, display_name: 'Tara Nguyen' },
    clinic_code: 'DEMO01',
    created_at: '2026-03-01T10:00:00.000Z',
    status: 'open',
    answer: null,
    answered_by: null,
    answered_at: null,
    answer_video: null,
    ...changes,
  };
}

export const listOf = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
