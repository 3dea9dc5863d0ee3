import {
  type FunctionalSeries,
  type HealthMetricKind,
  healthMetricKinds,
  type MetricValues,
  type Progress,
  type ProgressTrend,
} from '@rehabit/contract';
import { makePatient, signedInRoutes } from '@web/testing/fixtures.ts';
import { listOf } from '@web/testing/video-fixtures.ts';
import dayjs from 'dayjs';

const noMetrics = () => Object.fromEntries(healthMetricKinds.map((k) => [k, null])) as MetricValues;

/** A Sunday-to-Saturday week with pain, steps and engagement on its first days; `extra` adds other kinds. */
export function makeProgress(weeksAgo = 0, extra: Partial<Record<HealthMetricKind, (number | null)[]>> = {}): Progress {
  const start = dayjs('2026-11-15').subtract(weeksAgo, 'week');
  const pain = [3, 5, 8, null, 2, null, null];
  const steps = [4000, 8000, null, 1200, 3000, null, null];
  const done = [2, 1, 0, 2, 1, 0, 0];
  const days = Array.from({ length: 7 }, (_, i) => {
    const assigned = i < 5 ? 2 : 0;
    const engagement = assigned ? ((done[i] ?? 0) / assigned) * 100 : null;
    const metrics = { ...noMetrics(), painlevel: pain[i] ?? null, steps: steps[i] ?? null, engagement };
    for (const [kind, values] of Object.entries(extra)) metrics[kind as HealthMetricKind] = values?.[i] ?? null;
    return {
      date: start.add(i, 'day').format('YYYY-MM-DD'),
      assigned,
      done: done[i] ?? 0,
      engagement,
      metrics,
      // Tuesday's 8 is the average of three ratings, the latest 7; the other days have one rating each.
      pain: { ratings: (pain[i] ?? null) === null ? 0 : i === 2 ? 3 : 1, latest: i === 2 ? 7 : (pain[i] ?? null) },
      difficulty: i === 0 ? 3 : null,
      is_data_day: i < 5,
      is_future: weeksAgo === 0 && i >= 5,
    };
  });
  return {
    patient_id: 101,
    weeks_ago: weeksAgo,
    timezone: 'America/New_York',
    week_start: start.format('YYYY-MM-DD'),
    week_end: start.add(6, 'day').format('YYYY-MM-DD'),
    days,
    summary: {
      assigned: 10,
      done: 6,
      engagement: 60,
      metrics: { ...noMetrics(), painlevel: 4.5, steps: 16200, engagement: 60 },
      data_days: 5,
      exercises: [
        { hep_id: 1, title: 'Bridge', assigned: 5, done: 4 },
        { hep_id: 2, title: 'Clamshell', assigned: 5, done: 2 },
      ],
    },
    streak: 2,
  };
}

export const odiSeries: FunctionalSeries = {
  id: 40,
  datatype_id: 5,
  key: 'odi',
  name: 'Oswestry Disability Index',
  unit: '% disability (0–100)',
  higher_is_better: false,
  entries: [
    {
      id: 401,
      date: '2026-10-01',
      answers: [3, 3, 2, 2, 3, 2, 2, 3, 2, null],
      score: 48.9,
      scoring_version: 'ODI 2.1a total/(5*answered)*100',
      note: 'At evaluation',
      created_by: { id: 7, display_name: 'Tara Nguyen' },
      created_at: '2026-10-01T15:00:00.000Z',
      entered_by: 'staff',
      activities: null,
    },
    {
      id: 402,
      date: '2026-11-01',
      answers: [2, 2, 1, 1, 2, 1, 1, 2, 1, 1],
      score: 28,
      scoring_version: 'ODI 2.1a total/(5*answered)*100',
      note: '',
      created_by: { id: 7, display_name: 'Tara Nguyen' },
      created_at: '2026-11-01T15:00:00.000Z',
      entered_by: 'staff',
      activities: null,
    },
  ],
};

/**
 * The trend of an episode begun on `started`, to Thursday 19 November 2026 (the day `makeProgress` takes for today):
 * engagement rising by ten points a week from 10%, pain falling from 8, steps rising; the week of Oct 4 has no data.
 */
export function makeTrend(started = '2026-09-02'): ProgressTrend {
  const today = '2026-11-19';
  const current = dayjs('2026-11-15');
  const count = current.diff(dayjs(started).startOf('week'), 'week') + 1;
  const weeks = Array.from({ length: count }, (_, i) => {
    const start = current.subtract(count - 1 - i, 'week');
    const empty = start.format('YYYY-MM-DD') === '2026-10-04';
    return {
      week_start: start.format('YYYY-MM-DD'),
      week_end: start.add(6, 'day').format('YYYY-MM-DD'),
      weeks_ago: count - 1 - i,
      assigned: 14,
      done: empty ? 0 : Math.min(14, Math.round(((10 + 10 * i) * 14) / 100)),
      engagement: empty ? 0 : Math.min(100, 10 + 10 * i),
      pain: empty ? null : Math.max(0, 8 - 0.5 * i),
      steps: empty ? null : 3000 + 500 * i,
      data_days: empty ? 0 : 5,
    };
  });
  return {
    patient_id: 101,
    timezone: 'America/New_York',
    today,
    episode: { started, ended: null },
    registered: '2026-08-20',
    weeks,
  };
}

export const progressPath = '/user/therapist/dashboard/progress/101';
export const trendPath = `${progressPath}/trend`;

/** The calls of patient 101's dashboard: its trend, and its progress weeks with `extra` readings. */
export const progressDashboardRoutes = (
  trend: ProgressTrend,
  extra: Partial<Record<HealthMetricKind, (number | null)[]>> = {},
) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: makePatient() },
  'GET /api/v1/patients/101/log_interaction/': { body: listOf([]) },
  'GET /video/hep/therapist/101': { body: { results: [], count: 0, updated_at: null } },
  'GET /user/therapist/dashboard/functional-data/101': { body: { results: [odiSeries], today: '2026-11-19' } },
  [`GET ${trendPath}`]: { body: trend },
  [`GET ${progressPath}`]: (request: { url: URL }) => ({
    body: makeProgress(Number(request.url.searchParams.get('weeks_ago') ?? 0), extra),
  }),
});
