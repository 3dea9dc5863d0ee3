import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { patientIdParamsSchema } from './patient-data.ts';

// The trend of a patient's progress, for staff. A module of its own, so the patient's app, which reads its progress
// week from patient-data.ts, does not carry these schemas.

/** The trend covers at most this many Sunday–Saturday weeks, the newest last. */
export const TREND_WEEKS = 26;

/** One week of the trend: the figures of that week's progress summary, steps as a daily average. */
export const progressTrendWeekSchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  /** How many weeks before the current one: the `weeks_ago` that opens this week in the week view. */
  weeks_ago: z.number().int(),
  assigned: z.number().int(),
  done: z.number().int(),
  /** done / assigned in percent (0–100), null when nothing was assigned. */
  engagement: z.number().nullable(),
  /** Average of the week's pain readings (NPRS 0–10), null without any. */
  pain: z.number().nullable(),
  /** Steps per day, averaged over the days that have steps, null without any. */
  steps: z.number().nullable(),
  data_days: z.number().int(),
});
export type ProgressTrendWeek = z.infer<typeof progressTrendWeekSchema>;

export const progressTrendSchema = z.object({
  patient_id: z.number().int(),
  timezone: z.string(),
  /** Today in the clinic's timezone (YYYY-MM-DD). */
  today: z.string(),
  /** The patient's latest episode (YYYY-MM-DD in the clinic's timezone); null before their first onboarding. */
  episode: z.object({ started: z.string(), ended: z.string().nullable() }).nullable(),
  /** The day the patient was registered (YYYY-MM-DD): where the history begins without an episode. */
  registered: z.string(),
  /**
   * The weeks from the episode's start (or the registration) to its end (or the current week), oldest first, the
   * last TREND_WEEKS at most.
   */
  weeks: z.array(progressTrendWeekSchema).min(1).max(TREND_WEEKS),
});
export type ProgressTrend = z.infer<typeof progressTrendSchema>;

export const progressTrendEndpoints = defineEndpoints('patient data', {
  /** The patient's weekly engagement, pain and steps over the episode. */
  progressTrend: {
    method: 'GET',
    path: '/user/therapist/dashboard/progress/:patientId/trend',
    access: 'patients.read',
    audit: { read: 'progress_trend.read' },
    params: patientIdParamsSchema,
    status: 200,
    response: progressTrendSchema,
  },
});
