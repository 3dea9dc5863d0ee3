import { z } from 'zod';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { type MeasureKey, measures } from './outcome-measures.ts';

export const patientIdParamsSchema = z.object({ patientId: idSchema });

/** Health metric kinds (decisions 0400 and 0410). `engagement` is computed from the program and never posted. */
export const healthMetricKinds = [
  'steps',
  'heart_rate',
  'blood_glucose',
  'blood_oxygen',
  'blood_pressure_diastolic',
  'blood_pressure_systolic',
  'distance',
  'painlevel',
  'engagement',
] as const;
export type HealthMetricKind = (typeof healthMetricKinds)[number];
export const postableMetricKinds = healthMetricKinds.filter((k) => k !== 'engagement') as Exclude<
  HealthMetricKind,
  'engagement'
>[];

/** Units and accepted ranges of what a patient or a health platform may send. */
export const healthMetricRules: Record<
  Exclude<HealthMetricKind, 'engagement'>,
  { unit: string; min: number; max: number; integer: boolean; daily: 'sum' | 'average' }
> = {
  steps: { unit: 'steps', min: 0, max: 100_000, integer: true, daily: 'sum' },
  heart_rate: { unit: 'bpm', min: 20, max: 250, integer: true, daily: 'average' },
  blood_glucose: { unit: 'mg/dL', min: 10, max: 1000, integer: false, daily: 'average' },
  blood_oxygen: { unit: '%', min: 50, max: 100, integer: false, daily: 'average' },
  blood_pressure_diastolic: { unit: 'mmHg', min: 20, max: 200, integer: true, daily: 'average' },
  blood_pressure_systolic: { unit: 'mmHg', min: 40, max: 300, integer: true, daily: 'average' },
  distance: { unit: 'm', min: 0, max: 200_000, integer: false, daily: 'sum' },
  painlevel: { unit: 'NPRS 0–10', min: 0, max: 10, integer: true, daily: 'average' },
};

/** These kinds make a data day; physiological readings are charted but do not (decision 1200). */
export const dataDayMetricKinds: readonly HealthMetricKind[] = ['steps', 'painlevel'];

/** Chart modes and report views of the progress screen (decision 0420). */
export const chartModes = ['linear', 'normalDistribution', 'level'] as const;
export type ChartMode = (typeof chartModes)[number];
export const reportViews = ['average', 'level', 'details', 'engagement'] as const;
export type ReportView = (typeof reportViews)[number];

export const progressQuerySchema = z.object({
  /** 0 is the current week; weeks run Sunday to Saturday in the clinic's timezone. */
  weeks_ago: z.coerce.number().int().min(0).max(520).default(0),
});
export type ProgressQuery = z.infer<typeof progressQuerySchema>;

const metricValues = z.object(
  Object.fromEntries(healthMetricKinds.map((k) => [k, z.number().nullable()])) as Record<
    HealthMetricKind,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type MetricValues = z.infer<typeof metricValues>;

export const progressDaySchema = z.object({
  /** YYYY-MM-DD in the clinic's timezone. */
  date: z.string(),
  /** Exercise sessions the program asked for that day (sum of times a day of the items in force). */
  assigned: z.number().int(),
  /** Of those, how many were done (each item counted at most its times a day). */
  done: z.number().int(),
  /** done / assigned in percent, null when nothing was assigned. */
  engagement: z.number().nullable(),
  /** Daily values: steps and distance are sums, the others averages; `engagement` repeats the field above. */
  metrics: metricValues,
  /**
   * The day's pain ratings (with exercises or on their own): how many, of which `metrics.painlevel` is the average,
   * and the latest, which the patient's Today shows as their pain today (decision 1231).
   */
  pain: z.object({ ratings: z.number().int(), latest: z.number().nullable() }),
  /** Average difficulty the patient reported (1 easy, 2 about right, 3 hard). */
  difficulty: z.number().nullable(),
  /** A day with patient-generated RTM data (decision 1200). */
  is_data_day: z.boolean(),
  /** Days after today carry no data yet. */
  is_future: z.boolean(),
});
export type ProgressDay = z.infer<typeof progressDaySchema>;

export const progressSchema = z.object({
  patient_id: z.number().int(),
  weeks_ago: z.number().int(),
  timezone: z.string(),
  week_start: z.string(),
  week_end: z.string(),
  days: z.array(progressDaySchema).length(7),
  summary: z.object({
    assigned: z.number().int(),
    done: z.number().int(),
    engagement: z.number().nullable(),
    /** Week values per kind: sums for steps and distance, averages for the rest. */
    metrics: metricValues,
    data_days: z.number().int(),
    /** Exercises done in the week, per program item, for the details view. */
    exercises: z.array(
      z.object({
        hep_id: z.number().int(),
        title: z.string(),
        assigned: z.number().int(),
        done: z.number().int(),
      }),
    ),
  }),
  /** Consecutive days up to today with at least one exercise done (today counts once something is done). */
  streak: z.number().int(),
});
export type Progress = z.infer<typeof progressSchema>;

/** Functional data: outcome-measure series of a patient, each a table of dated entries. */
export const functionalEntryInputSchema = z.object({
  /** YYYY-MM-DD; not in the future. */
  date: z.iso.date({ error: 'Give the date as YYYY-MM-DD' }),
  /** The questionnaire's answers in item order (`null` for an unanswered item), or one value for a free measure. */
  answers: z.array(z.number().nullable()).min(1).max(20),
  note: z.string().trim().max(500).optional(),
});
export type FunctionalEntryInput = z.infer<typeof functionalEntryInputSchema>;

const datatypeIds = Object.values(measures).map((m) => m.datatypeId);
export const datatypeIdSchema = z.coerce
  .number()
  .int()
  .refine((id) => datatypeIds.includes(id), { error: 'Unknown measure' });

/** POST: entries for one measure; the series is found by datatype and name, or created. */
export const functionalDataPostBodySchema = z.object({
  datatype_id: datatypeIdSchema,
  /** Defaults to the measure's name; free measures name what was measured, e.g. "Right knee flexion". */
  name: z.string().trim().min(1).max(80).optional(),
  /** Defaults to the measure's unit. */
  unit: z.string().trim().min(1).max(40).optional(),
  entries: z.array(functionalEntryInputSchema).min(1).max(50),
});
export type FunctionalDataPostBody = z.infer<typeof functionalDataPostBodySchema>;

/** PATCH: rename a series, or correct entries (the score is computed again). */
export const functionalDataPatchBodySchema = z
  .object({
    id: idSchema,
    name: z.string().trim().min(1).max(80).optional(),
    unit: z.string().trim().min(1).max(40).optional(),
    entries: z
      .array(functionalEntryInputSchema.partial().extend({ id: idSchema }))
      .min(1)
      .max(50)
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.unit !== undefined || b.entries !== undefined, {
    error: 'Change at least one field',
  });
export type FunctionalDataPatchBody = z.infer<typeof functionalDataPatchBodySchema>;

export const functionalEntrySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  answers: z.array(z.number().nullable()),
  score: z.number(),
  scoring_version: z.string(),
  note: z.string(),
  created_by: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  created_at: z.string(),
  /** Who filled it in: staff (a paper form, an evaluation) or the patient on the phone (decision 1360). */
  entered_by: z.enum(['staff', 'patient']),
  /** PSFS filled in by the patient: the activities they named, in the order of the answers. */
  activities: z.array(z.string()).nullable(),
});
export type FunctionalEntry = z.infer<typeof functionalEntrySchema>;

export const functionalSeriesSchema = z.object({
  id: z.number().int(),
  datatype_id: z.number().int(),
  key: z.enum(Object.keys(measures) as [MeasureKey, ...MeasureKey[]]),
  name: z.string(),
  unit: z.string(),
  higher_is_better: z.boolean(),
  /** Oldest first. */
  entries: z.array(functionalEntrySchema),
});
export type FunctionalSeries = z.infer<typeof functionalSeriesSchema>;
export const functionalDataSchema = z.object({
  results: z.array(functionalSeriesSchema),
  /** Today in the clinic's timezone (YYYY-MM-DD): the latest date an entry may carry, whatever the viewer's own clock says. */
  today: z.string(),
});
export type FunctionalData = z.infer<typeof functionalDataSchema>;

/** Patient data (decision 0400): the patient's progress weeks and functional data, for staff. */
export const patientDataEndpoints = defineEndpoints('patient data', {
  /** One week of a patient's progress. */
  progress: {
    method: 'GET',
    path: '/user/therapist/dashboard/progress/:patientId',
    access: 'patients.read',
    audit: { read: 'progress.read' },
    params: patientIdParamsSchema,
    query: progressQuerySchema,
    status: 200,
    response: progressSchema,
  },
  /** A patient's outcome-measure series with their entries. */
  functionalData: {
    method: 'GET',
    path: '/user/therapist/dashboard/functional-data/:patientId',
    access: 'patients.read',
    audit: { read: 'functional_data.read' },
    params: patientIdParamsSchema,
    status: 200,
    response: functionalDataSchema,
  },
  /** Adds entries to a measure's series, creating the series if needed. */
  addFunctionalData: {
    method: 'POST',
    path: '/user/therapist/dashboard/functional-data/:patientId',
    access: 'programs.edit',
    audit: { change: 'functional_data.added' },
    params: patientIdParamsSchema,
    body: functionalDataPostBodySchema,
    status: 201,
    response: functionalSeriesSchema,
  },
  /** Renames a series or corrects its entries. */
  updateFunctionalData: {
    method: 'PATCH',
    path: '/user/therapist/dashboard/functional-data/:patientId',
    access: 'programs.edit',
    audit: { change: 'functional_data.updated' },
    params: patientIdParamsSchema,
    body: functionalDataPatchBodySchema,
    status: 200,
    response: functionalSeriesSchema,
  },
});
