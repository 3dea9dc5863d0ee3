import { z } from 'zod';
import { addDays } from './calendar.ts';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { patientFillableMeasures } from './outcome-measures.ts';
import { patientIdParamsSchema } from './patient-data.ts';

/**
 * Outcome measures the patient fills in (decision 1360): staff assign NPRS or PSFS once or every few weeks, the
 * patient fills it in on the phone when it is due, and the entry is the patient's own (a data day).
 */

export const MEASURE_REPEAT_WEEKS_MAX = 8;
/** PSFS: the patient names 3 to 5 activities and rates each 0–10. */
export const PSFS_ACTIVITY_MAX_LENGTH = 80;

const fillableMeasureSchema = z.enum(patientFillableMeasures, { error: 'Choose a measure the patient can fill in' });

/**
 * When a repeating measure is due next once filled in on `filledOn`: the next day of its schedule (every
 * `repeatWeeks` weeks from the day it was due) after the fill, so a late fill keeps the cadence and is not asked
 * again at once. A measure asked once is not due again (null).
 */
export function nextDueAfter(dueOn: string, repeatWeeks: number | null, filledOn: string): string | null {
  if (repeatWeeks === null) return null;
  let next = addDays(dueOn, 7 * repeatWeeks);
  while (next <= filledOn) next = addDays(next, 7 * repeatWeeks);
  return next;
}

/** Where an assignment stands today: due (to fill now), upcoming (a later date), completed (once, filled), stopped. */
export const measureAssignmentStatuses = ['due', 'upcoming', 'completed', 'stopped'] as const;
export type MeasureAssignmentStatus = (typeof measureAssignmentStatuses)[number];

export const measureAssignmentSchema = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  measure: fillableMeasureSchema,
  /** Null: once; otherwise every this many weeks. */
  repeat_weeks: z.number().int().nullable(),
  /** YYYY-MM-DD: the first due day. */
  starts_on: z.string(),
  /** YYYY-MM-DD: when it is next due; null once filled (once) or stopped. */
  next_due_on: z.string().nullable(),
  status: z.enum(measureAssignmentStatuses),
  /** The last day the patient filled it in, if ever. */
  last_filled_on: z.string().nullable(),
  assigned_by: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  created_at: z.string(),
  stopped_at: z.string().nullable(),
});
export type MeasureAssignment = z.infer<typeof measureAssignmentSchema>;

export const measureAssignmentsSchema = z.object({
  /** Running ones first, then the stopped and completed, newest first. */
  results: z.array(measureAssignmentSchema),
  /** Today in the patient's clinic (YYYY-MM-DD). */
  today: z.string(),
});
export type MeasureAssignments = z.infer<typeof measureAssignmentsSchema>;

export const assignMeasureBodySchema = z.object({
  measure: fillableMeasureSchema,
  /** Null or absent: once. */
  repeat_weeks: z
    .number({ error: 'Repeat every 1 to 8 weeks, or once' })
    .int({ error: 'Repeat every 1 to 8 weeks, or once' })
    .min(1, { error: 'Repeat every 1 to 8 weeks, or once' })
    .max(MEASURE_REPEAT_WEEKS_MAX, { error: 'Repeat every 1 to 8 weeks, or once' })
    .nullable()
    .default(null),
  /** The first due day; today (clinic day) when absent; not in the past. */
  starts_on: z.iso.date({ error: 'Give the date as YYYY-MM-DD' }).optional(),
});
export type AssignMeasureBody = z.infer<typeof assignMeasureBodySchema>;

export const measureAssignmentParamsSchema = patientIdParamsSchema.extend({ assignmentId: idSchema });

/** A measure due for the signed-in patient. */
export const dueMeasureSchema = z.object({
  assignment_id: z.number().int(),
  measure: fillableMeasureSchema,
  due_on: z.string(),
  /** PSFS: the activities the patient named last time, to rate again (empty the first time). */
  previous_activities: z.array(z.string()),
});
export type DueMeasure = z.infer<typeof dueMeasureSchema>;
export const ownMeasuresSchema = z.object({ today: z.string(), due: z.array(dueMeasureSchema) });
export type OwnMeasures = z.infer<typeof ownMeasuresSchema>;

/**
 * The patient's answers to a due measure: NPRS one rating, PSFS 3 to 5 activities each rated. `client_id` names the
 * submission: sent again it answers the entry already stored, never a second one.
 */
export const submitMeasureBodySchema = z
  .object({
    assignment_id: idSchema,
    client_id: z.uuid({ error: 'client_id must be a UUID' }),
    answers: z
      .array(
        z
          .number({ error: 'Each answer is a number from 0 to 10' })
          .int({ error: 'Each answer is a whole number from 0 to 10' })
          .min(0, { error: 'Each answer is 0 to 10' })
          .max(10, { error: 'Each answer is 0 to 10' }),
      )
      .min(1, { error: 'Answer the question' })
      .max(5, { error: 'At most 5 answers' }),
    activities: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'Name the activity' })
          .max(PSFS_ACTIVITY_MAX_LENGTH, { error: `Keep it under ${PSFS_ACTIVITY_MAX_LENGTH} characters` }),
      )
      .max(5, { error: 'At most 5 activities' })
      .optional(),
  })
  .refine((b) => b.activities === undefined || b.activities.length === b.answers.length, {
    path: ['activities'],
    error: 'Name one activity for each rating',
  });
export type SubmitMeasureBody = z.infer<typeof submitMeasureBodySchema>;

export const submittedMeasureSchema = z.object({
  entry_id: z.number().int(),
  measure: fillableMeasureSchema,
  date: z.string(),
  score: z.number(),
  scoring_version: z.string(),
  /** When it is due next; null when it was asked once. */
  next_due_on: z.string().nullable(),
});
export type SubmittedMeasure = z.infer<typeof submittedMeasureSchema>;

/** Staff: a patient's assigned measures (decision 1360). */
export const measureAssignmentEndpoints = defineEndpoints('patient measures', {
  /** The patient's assignments, running and past. */
  list: {
    method: 'GET',
    path: '/api/v1/patients/:patientId/measure-assignments/',
    access: 'patients.read',
    audit: { read: 'measure_assignment.list' },
    params: patientIdParamsSchema,
    status: 200,
    response: measureAssignmentsSchema,
  },
  /** Assigns a measure, once or every 1–8 weeks; 409 when the same measure is assigned and running. */
  assign: {
    method: 'POST',
    path: '/api/v1/patients/:patientId/measure-assignments/',
    access: 'programs.edit',
    audit: { change: 'measure_assignment.create' },
    params: patientIdParamsSchema,
    body: assignMeasureBodySchema,
    status: 201,
    response: measureAssignmentSchema,
  },
  /** Stops an assignment: the patient is no longer asked; entries already made stay. Stopping it again changes nothing. */
  stop: {
    method: 'POST',
    path: '/api/v1/patients/:patientId/measure-assignments/:assignmentId/stop/',
    access: 'programs.edit',
    audit: { change: 'measure_assignment.stop' },
    params: measureAssignmentParamsSchema,
    status: 200,
    response: measureAssignmentSchema,
  },
});

/** The patient's own measures (decision 1360). */
export const patientMeasureEndpoints = defineEndpoints('patient app', {
  /** The measures due today or earlier, not yet filled in. */
  due: {
    method: 'GET',
    path: '/api/v1/patient/measures/',
    access: 'patient-app.use',
    audit: { read: 'measure_assignment.list' },
    status: 200,
    response: ownMeasuresSchema,
  },
  /** Fills in a due measure: 201 stored; 200 when its client_id was sent before (the stored entry, nothing new). */
  submit: {
    method: 'POST',
    path: '/api/v1/patient/measures/',
    access: 'patient-app.use',
    audit: { change: 'measure.submitted' },
    body: submitMeasureBodySchema,
    status: 201,
    alsoAnswers: [200],
    response: submittedMeasureSchema,
  },
});
