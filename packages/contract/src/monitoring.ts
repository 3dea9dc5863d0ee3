import { z } from 'zod';
import { idParamsSchema, idSchema, MAX_ID } from './common.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { interactionKinds, therapistRefSchema } from './patients.ts';

/** Where a therapist is monitored (decision 0704): the patient's chat on a phone or the desktop, or the dashboard. */
export const monitoringCodes = [
  'MONITORING_CODE_MOBILE_CHAT',
  'MONITORING_CODE_DESKTOP_CHAT',
  'MONITORING_CODE_PATIENT_DASHBOARD',
] as const;
export type MonitoringCode = (typeof monitoringCodes)[number];

/** The runner's timing (decision 0704): a tick and an idle check a second, 5 idle minutes, a save every 30 s. */
export const MONITORING_TICK_MS = 1000;
/** A gap between two ticks above this means the machine slept or was locked. */
export const MONITORING_SLEEP_GAP_MS = 4000;
export const MONITORING_IDLE_CHECK_MS = 1000;
export const MONITORING_IDLE_LIMIT_MS = 300_000;
export const MONITORING_SAVE_INTERVAL_MS = 30_000;
/**
 * A visible window without the focus (the clinician typing in another program beside it) still counts while the
 * clinician shows a sign of life on it; this long without one ends the session (decision 0704).
 */
export const MONITORING_UNFOCUSED_INACTIVE_MS = 30_000;
/** After an idle end, the screen moves on (patient list, chat, or the chat panel closes) this much later. */
export const MONITORING_IDLE_REDIRECT_MS = 2000;

/** The counter of the pill and the banner. */
export type MonitoringTimer = { seconds: number; isOn: boolean; code: MonitoringCode | null };

export type MonitoringTimerEvent =
  | { type: 'flag'; isOn: boolean }
  | { type: 'tick' }
  | { type: 'code'; code: MonitoringCode | null }
  | { type: 'removed' };

export const stoppedTimer: MonitoringTimer = { seconds: 0, isOn: false, code: null };

/**
 * The pill's timer (decision 0704): stopped at 0; counts a second at each tick while flagged on; a flag going off
 * pauses it, keeping the count; a new monitoring code starts again from 0 (still counting if still flagged on);
 * removing the indicator stops it at 0.
 */
export function nextMonitoringTimer(timer: MonitoringTimer, event: MonitoringTimerEvent): MonitoringTimer {
  switch (event.type) {
    case 'flag':
      return { ...timer, isOn: event.isOn };
    case 'tick':
      return timer.isOn ? { ...timer, seconds: timer.seconds + 1 } : timer;
    case 'code':
      return event.code === timer.code ? timer : { ...timer, code: event.code, seconds: 0 };
    case 'removed':
      return stoppedTimer;
  }
}

/** Why a session ended, as a client says it: the tab hidden while inactive, sleep or lock, leaving, a long idle. */
export const monitoringClientEndReasons = ['hidden_inactive', 'sleep', 'left', 'idle'] as const;
export type MonitoringClientEndReason = (typeof monitoringClientEndReasons)[number];
/**
 * Why the server ended a session on a change of its patient (decision 1291): the patient was discharged or removed,
 * or the clinician may no longer monitor them when their therapist changed. Never accepted from a client; a client
 * whose session ended so cannot start another on the patient.
 */
export const monitoringPatientEndReasons = ['patient_discharged', 'patient_removed', 'therapist_changed'] as const;
export type MonitoringPatientEndReason = (typeof monitoringPatientEndReasons)[number];
/**
 * Why a session ended, as stored: a client's reason, `stale` when the server ended it because its heart-beats
 * stopped, or a change of its patient (never accepted from a client). A session a newer one replaced ends as `left`.
 */
export const monitoringEndReasons = [...monitoringClientEndReasons, 'stale', ...monitoringPatientEndReasons] as const;
export type MonitoringEndReason = (typeof monitoringEndReasons)[number];

/**
 * A heart-beat later than this after the previous one means the client was gone: the session ends at its previous
 * beat and counts nothing in between (decision 0700: the save interval plus slack).
 */
export const MONITORING_STALE_AFTER_MS = MONITORING_SAVE_INTERVAL_MS + 15_000;

export const monitoringStartBodySchema = z.object({
  /** The patient's id, under the name the original contract gives it. */
  user_id: idSchema,
  /**
   * Where the clinician is monitored, so a session ended before its first counted heart-beat still names its context
   * (decision 1221). Optional: the original contract's start sends only the patient.
   */
  context: z.enum(monitoringCodes).optional(),
});
export type MonitoringStartBody = z.infer<typeof monitoringStartBodySchema>;

export const monitoringUpdateBodySchema = z.object({
  /** Seconds the client's timer counted since the session started; the server caps it by its own clock. */
  elapsed_seconds: z.number().int().min(0).max(MAX_ID),
  context: z.enum(monitoringCodes),
  end_reason: z.enum(monitoringClientEndReasons).optional(),
});
export type MonitoringUpdateBody = z.infer<typeof monitoringUpdateBodySchema>;

export const monitoringParamsSchema = z.object({ monitoringId: idSchema });

export const monitoringSessionSchema = z.object({
  id: z.number().int(),
  /** Seconds counted, never more than the session's wall-clock span. */
  seconds: z.number().int(),
  is_ended: z.boolean(),
  end_reason: z.enum(monitoringEndReasons).nullable(),
});
export type MonitoringSession = z.infer<typeof monitoringSessionSchema>;

/** The first month whose minutes can be read or exported: billing starts at 2025-01 (decision 0702). */
export const MONITORING_FIRST_MONTH = '2025-01';

/** A calendar month `YYYY-MM` of the clinic, from 2025-01 on. */
export const rtmMonthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Use a month as YYYY-MM' })
  .refine((month) => month >= MONITORING_FIRST_MONTH, { error: `Months start at ${MONITORING_FIRST_MONTH}` });

/** Which month: the clinic's current one when left out. */
export const monitoringMonthQuerySchema = z.object({ month: rtmMonthSchema.optional() });
export const monitoringReadQuerySchema = z.object({ ...pageQuerySchema.shape, ...monitoringMonthQuerySchema.shape });
export type MonitoringReadQuery = z.infer<typeof monitoringReadQuerySchema>;

/** A monitored session counted in the month: who, from when to when (null while open), and what it counted. */
export const monitoringSessionEntrySchema = z.object({
  type: z.literal('session'),
  id: z.number().int(),
  staff: therapistRefSchema,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  seconds: z.number().int(),
  context: z.enum(monitoringCodes).nullable(),
  end_reason: z.enum(monitoringEndReasons).nullable(),
});
/** A live call logged for the month: who logged it (null: the account is gone), its day, kind and minutes. */
export const monitoringCallEntrySchema = z.object({
  type: z.literal('call'),
  id: z.number().int(),
  staff: therapistRefSchema.nullable(),
  date: z.string(),
  kind: z.enum(interactionKinds),
  minutes: z.number().int(),
});
export const monitoringEntrySchema = z.discriminatedUnion('type', [
  monitoringSessionEntrySchema,
  monitoringCallEntrySchema,
]);
export type MonitoringEntry = z.infer<typeof monitoringEntrySchema>;

/**
 * One patient's month: its minutes exactly as billing counts them (decision 0701), and one page of the sessions
 * and calls behind them, newest first; for a closed month, the minutes as filed beside them.
 */
export const monitoringMonthSchema = z.object({
  ...paginated(monitoringEntrySchema).shape,
  month: z.string(),
  /** The clinic's timezone, where the month is counted. */
  timezone: z.string(),
  monitored_seconds: z.number().int(),
  call_minutes: z.number().int(),
  /** floor((monitored_seconds + call_minutes × 60) / 60). */
  total_minutes: z.number().int(),
  has_live_call: z.boolean(),
  /**
   * A closed month's billing (decision 1285): when it was filed, and the patient's minutes in it (null: the patient
   * bills nothing in the filed month). The minutes above are the data as they stand now, corrections logged after
   * the close included; null while the month is not closed.
   */
  filed: z.object({ at: z.string(), minutes: z.number().int().nullable() }).nullable(),
});
export type MonitoringMonth = z.infer<typeof monitoringMonthSchema>;

export const monitoringEndpoints = defineEndpoints('monitoring', {
  /**
   * Starts monitoring the caller on an onboarded patient; the caller's open session, if any, ends at its last
   * heart-beat. Audited with the patient named (and the replaced session's end).
   */
  start: {
    method: 'POST',
    path: '/user/therapist/monitoring',
    access: 'monitoring.record',
    audit: { change: 'monitoring.start' },
    body: monitoringStartBodySchema,
    status: 201,
    response: z.object({ id: z.number().int() }),
  },
  /**
   * A heart-beat of the caller's own session, or its end (a body naming `end_reason`). Audited once per session: its
   * start by `start`, its end here; a heart-beat only moves the counted seconds on the session row, which is itself
   * the record of who monitored whom and when, and is not written to the audit log every 30 s (decision 0700).
   */
  update: {
    method: 'PUT',
    path: '/user/therapist/dashboard/monitoring/:monitoringId',
    access: 'monitoring.record',
    audit: { change: 'monitoring.end', oncePerSession: { endedBy: 'end_reason' } },
    params: monitoringParamsSchema,
    body: monitoringUpdateBodySchema,
    status: 200,
    response: monitoringSessionSchema,
  },
  /**
   * One patient's month: its minutes and the sessions and calls behind them. Staff of the clinic, managers
   * included (they read, they are never monitored). Another clinic's or a removed patient is not found.
   */
  month: {
    method: 'GET',
    path: '/api/v1/patients/:id/monitoring/',
    access: 'patients.read',
    audit: { read: 'monitoring.read' },
    params: idParamsSchema,
    query: monitoringReadQuerySchema,
    status: 200,
    response: monitoringMonthSchema,
  },
  /** The audit CSV of one patient's month: every session and call, then the totals the month reports. */
  exportPatient: {
    method: 'GET',
    path: '/api/v1/patients/:id/monitoring/export/',
    access: 'patients.read',
    audit: { read: 'monitoring.export' },
    params: idParamsSchema,
    query: monitoringMonthQuerySchema,
    status: 200,
    file: 'csv',
    response: fileResponseSchema,
  },
  /** The audit CSV of the caller's clinic's month: each patient's sessions and calls, then that patient's totals. */
  exportClinic: {
    method: 'GET',
    path: '/api/v1/clinic/monitoring/export/',
    access: 'monitoring.export',
    audit: { read: 'monitoring.export' },
    query: monitoringMonthQuerySchema,
    status: 200,
    file: 'csv',
    response: fileResponseSchema,
  },
});
