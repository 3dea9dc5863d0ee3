import { z } from 'zod';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { hepItemSchema } from './hep.ts';
import { healthMetricRules, postableMetricKinds } from './patient-data.ts';

export const patientMeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  clinic: z.object({ code: z.string(), name: z.string(), timezone: z.string() }),
  therapist: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  status: z.string(),
  /** Consecutive days up to today with an exercise done. */
  streak: z.number().int(),
});
export type PatientMe = z.infer<typeof patientMeSchema>;

export const difficulties = ['easy', 'right', 'hard'] as const;
export type Difficulty = (typeof difficulties)[number];

/**
 * One exercise session: the sets done so far of one pass through an exercise, and later its pain and difficulty.
 * `client_id` names the session: sent again it updates the same log (sets only grow, a rating given replaces the one
 * stored), so a retry or a later set never makes a second log (decision 1230).
 */
export const exerciseLogBodySchema = z.object({
  hep_id: idSchema,
  sets_done: z.coerce.number().int().min(1).max(20),
  reps_done: z.coerce.number().int().min(0).max(100).optional(),
  pain: z.coerce.number().int().min(0, { error: 'Pain is 0 to 10' }).max(10, { error: 'Pain is 0 to 10' }).optional(),
  difficulty: z.enum(difficulties).optional(),
  note: z.string().trim().max(500).optional(),
  client_id: z.uuid({ error: 'client_id must be a UUID' }),
  /**
   * When the session's first set was done, by the phone's clock, for a log kept on the phone while it was offline;
   * not more than 7 days back. Without it, the time the server receives it.
   */
  performed_at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date-time' }).optional(),
  /**
   * The phone's clock as it sends: with it, the server dates the session by its age as the phone measured it
   * (`sent_at` − `performed_at`) back from its own clock, so a phone whose clock is off still dates it right.
   */
  sent_at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date-time' }).optional(),
});
export type ExerciseLogBody = z.infer<typeof exerciseLogBodySchema>;

export const exerciseLogSchema = z.object({
  id: z.number().int(),
  hep_id: z.number().int(),
  sets_done: z.number().int(),
  reps_done: z.number().int().nullable(),
  pain: z.number().int().nullable(),
  difficulty: z.enum(difficulties).nullable(),
  note: z.string(),
  performed_at: z.string(),
  date: z.string(),
  client_id: z.string(),
});
export type ExerciseLog = z.infer<typeof exerciseLogSchema>;

export const todayItemSchema = hepItemSchema.extend({
  /** Times done today, and how many the program asks for today. */
  done_today: z.number().int(),
  due_today: z.number().int(),
  last_log: exerciseLogSchema.nullable(),
});
export type TodayItem = z.infer<typeof todayItemSchema>;
export const todaySchema = z.object({
  date: z.string(),
  items: z.array(todayItemSchema),
  done: z.number().int(),
  due: z.number().int(),
  /** Pain the patient rated today, if any (latest). */
  pain_today: z.number().nullable(),
  streak: z.number().int(),
});
export type Today = z.infer<typeof todaySchema>;

/** Where readings come from: typed in by the patient, or synced from a phone's health platform or a device. */
export const healthSources = ['manual', 'apple_health', 'health_connect', 'device'] as const;

const healthEntrySchema = z
  .object({
    kind: z.enum(postableMetricKinds as [string, ...string[]]),
    value: z.number().finite(),
    /** ISO date-time with offset; not more than 5 minutes in the future, nor before 2020. */
    measured_at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date-time' }),
  })
  .superRefine((entry, ctx) => {
    const rule = healthMetricRules[entry.kind as keyof typeof healthMetricRules];
    if (entry.value < rule.min || entry.value > rule.max) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${entry.kind} is ${rule.min} to ${rule.max}` });
    } else if (rule.integer && !Number.isInteger(entry.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${entry.kind} is a whole number` });
    }
  });

/** A batch of readings; a reading already stored (same kind, source and time) is skipped, not doubled. */
export const healthDataBodySchema = z.object({
  source: z.enum(healthSources),
  entries: z.array(healthEntrySchema).min(1).max(1000),
});
export type HealthDataBody = z.infer<typeof healthDataBodySchema>;
export const healthDataResultSchema = z.object({ created: z.number().int(), duplicates: z.number().int() });

/** The patient's conversation with the clinic (messages go through the chat calls with this session id). */
export const patientChatSchema = z.object({
  session: z.number().int(),
  unread_message_count: z.number().int(),
});
export type PatientChat = z.infer<typeof patientChatSchema>;

/**
 * The patient's own calls (decision 0410). A patient signs in by phone code (`verify-otp` answers a token
 * when the phone belongs to a patient) or by e-mail and password, and reaches only their own data.
 */
export const patientAppEndpoints = defineEndpoints('patient app', {
  /** The signed-in patient: name, clinic, therapist and streak. */
  me: {
    method: 'GET',
    path: '/api/v1/patient/me/',
    access: 'patient-app.use',
    audit: { read: 'patient.self_read' },
    status: 200,
    response: patientMeSchema,
  },
  /** Stores a batch of readings, skipping those already stored. */
  healthData: {
    method: 'POST',
    path: '/api/v1/patient/health-data/',
    access: 'patient-app.use',
    audit: { change: 'health_data.received' },
    body: healthDataBodySchema,
    status: 200,
    response: healthDataResultSchema,
  },
  /** The patient's conversation with the clinic (opened on first use) and its unread count. */
  chat: {
    method: 'GET',
    path: '/api/v1/patient/chat/',
    access: 'patient-app.use',
    audit: { read: 'chat.list' },
    status: 200,
    response: patientChatSchema,
  },
});
