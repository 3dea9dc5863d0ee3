import type { CurrentUser, Progress, ProgressDay, Today, TodayItem } from '@rehabit/contract';
import { defaultReminderSchedule, healthMetricKinds } from '@rehabit/contract';

export const patientUser: CurrentUser = {
  id: 300,
  code: 'DEMO01',
  role: 'patient',
  email: 'maria@example.com',
  first_name: 'Maria',
  last_name: 'Garcia',
  display_name: 'Maria Garcia',
  clinic_name: 'Demo Physical Therapy',
  is_feature_notification_on: false,
  is_new_billing_uploaded: false,
};

export const patientMe = {
  id: 101,
  user_id: 300,
  first_name: 'Maria',
  last_name: 'Garcia',
  clinic: { code: 'DEMO01', name: 'Demo Physical Therapy', timezone: 'America/New_York' },
  therapist: { id: 7, display_name: 'Tara Nguyen' },
  status: 'onboarded',
  streak: 3,
};

export function makeTodayItem(id: number, changes: Partial<TodayItem> = {}): TodayItem {
  return {
    id,
    patient_id: 101,
    video_id: id + 500,
    video: {
      id: id + 500,
      title: `Exercise ${id}`,
      description: '-',
      title_es: '',
      description_es: '',
      status: 'ready',
      body_part: 'knee',
      equipment: '',
      duration_seconds: 30,
      play_url: `/video/play/${id + 500}.mp4`,
      poster_url: `/video/play/${id + 500}.jpg`,
      captions: [],
    },
    order: id,
    sets: 3,
    reps: 10,
    hold_seconds: 5,
    times_per_day: 1,
    days_per_week: 7,
    description: 'Keep your back straight.',
    folder_id: null,
    folder_name: null,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T09:00:00.000Z',
    done_today: 0,
    due_today: 1,
    last_log: null,
    ...changes,
  };
}

export const makeToday = (items: TodayItem[], changes: Partial<Today> = {}): Today => ({
  date: '2026-03-04',
  items,
  done: items.reduce((sum, item) => sum + Math.min(item.done_today, item.due_today), 0),
  due: items.reduce((sum, item) => sum + item.due_today, 0),
  pain_today: null,
  streak: 3,
  ...changes,
});

const noMetrics = Object.fromEntries(healthMetricKinds.map((kind) => [kind, null])) as ProgressDay['metrics'];

export function makeDay(
  date: string,
  changes: Omit<Partial<ProgressDay>, 'pain'> & { pain?: number | null; steps?: number } = {},
) {
  const { pain = null, steps, ...rest } = changes;
  return {
    date,
    assigned: 2,
    done: 0,
    engagement: 0,
    metrics: { ...noMetrics, painlevel: pain, steps: steps ?? null },
    pain: { ratings: pain === null ? 0 : 1, latest: pain },
    difficulty: null,
    is_data_day: false,
    is_future: false,
    ...rest,
  } satisfies ProgressDay;
}

export function makeProgress(days: ProgressDay[], changes: Partial<Progress> = {}): Progress {
  return {
    patient_id: 101,
    weeks_ago: 0,
    timezone: 'America/New_York',
    week_start: days[0]!.date,
    week_end: days[6]!.date,
    days,
    summary: {
      assigned: days.reduce((sum, day) => sum + day.assigned, 0),
      done: days.reduce((sum, day) => sum + day.done, 0),
      engagement: null,
      metrics: noMetrics,
      data_days: 0,
      exercises: [],
    },
    streak: 3,
    ...changes,
  };
}

/** Sunday 1 March 2026 to Saturday 7 March; "today" is Wednesday the 4th. */
export const weekDates = [
  '2026-03-01',
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
];

export const defaultWeek = makeProgress(
  weekDates.map((date, index) =>
    makeDay(date, index < 3 ? { done: 2, pain: 6 - index } : index === 3 ? { done: 1, pain: 3 } : { is_future: true }),
  ),
);

/** What a patient who saved nothing reads (decision 1350). */
export const defaultReminders = defaultReminderSchedule('America/New_York');

/** Fixtures every signed-in patient screen needs. */
export const patientRoutes = (today: Today = makeToday([makeTodayItem(1)])) => ({
  'GET /api/v1/users/': { body: { count: 1, next: null, previous: null, results: [patientUser] } },
  'GET /api/v1/patient/me/': { body: patientMe },
  'GET /api/v1/patient/program/today/': { body: today },
  'GET /api/v1/patient/progress/': { body: defaultWeek },
  'GET /api/v1/patient/chat/': { body: { session: 9, unread_message_count: 0 } },
  'GET /api/v1/patient/measures/': { body: { today: '2026-03-04', due: [] } },
  'GET /api/v1/patient/reminders/': { body: defaultReminders },
  'POST /clinic/therapist/logout': { status: 204 },
});
