import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';

/**
 * Exercise reminders (decision 1350): the days, local time, timezone, language and channels a patient is reminded
 * on, what each day's reminder became, and the rules both sides share.
 */

export const reminderWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ReminderWeekday = (typeof reminderWeekdays)[number];
export const reminderLanguages = ['en', 'es'] as const;
export type ReminderLanguage = (typeof reminderLanguages)[number];
/** Text message, e-mail, and a push notification on the patient's installed app (decision 1365). */
export const reminderChannels = ['sms', 'email', 'push'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
/**
 * What one day's reminder on one channel became: `pending` while the provider has not taken it yet (it is then
 * sent, failed, or failed when its time has passed), `missed` when no server ran from its time until the grace
 * window closed.
 */
export const reminderOutcomes = [
  'sent',
  'skipped_logged',
  'skipped_quiet',
  'failed',
  'opted_out',
  'pending',
  'missed',
] as const;
export type ReminderOutcome = (typeof reminderOutcomes)[number];

/** A reminder whose time passed while no server ran is still sent this long after it, never later. */
export const REMINDER_GRACE_MINUTES = 120;
/** Quiet hours on the patient's clocks: from 21:00 to 08:00 no reminder comes unless the patient allows it. */
export const QUIET_HOURS = { from: '21:00', until: '08:00' } as const;
/** A month is at risk when the data days it still needs are within this many days of the days left in it. */
export const AT_RISK_SLACK_DAYS = 3;

/** Whether a wall time (HH:MM) falls in quiet hours. */
export const isQuietTime = (time: string) => time >= QUIET_HOURS.from || time < QUIET_HOURS.until;

/** Whether the runtime knows the IANA timezone (e.g. America/New_York). */
export function isKnownTimezone(timezone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timezone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether this month's data days are at risk (decision 1350): the data days still needed for the month's threshold
 * (`needed`, the billing rules' fewest) are more than none, and the days left in the month, today included, leave
 * `AT_RISK_SLACK_DAYS` or fewer to spare.
 */
export function monthAtRisk({ needed, logged, daysLeft }: { needed: number; logged: number; daysLeft: number }) {
  const stillNeeded = needed - logged;
  return stillNeeded > 0 && daysLeft - stillNeeded <= AT_RISK_SLACK_DAYS;
}

const timeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Give the time as HH:MM, from 00:00 to 23:59' });

/** A schedule as it is saved, by the patient or by staff. */
export const reminderScheduleBodySchema = z
  .object({
    enabled: z.boolean(),
    days: z.array(z.enum(reminderWeekdays)).max(7),
    time: timeSchema,
    /** The IANA timezone of the patient's phone. */
    timezone: z.string().max(64).refine(isKnownTimezone, { error: 'Not a known timezone (e.g. America/New_York)' }),
    language: z.enum(reminderLanguages),
    channels: z.array(z.enum(reminderChannels)).max(reminderChannels.length),
    quiet_hours_allowed: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (new Set(body.days).size !== body.days.length) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Each day once' });
    }
    if (new Set(body.channels).size !== body.channels.length) {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: 'Each channel once' });
    }
    if (body.enabled && body.channels.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: 'Choose at least one way to be reminded' });
    }
    if (body.enabled && body.days.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Choose at least one day' });
    }
    if (!body.quiet_hours_allowed && isQuietTime(body.time)) {
      ctx.addIssue({
        code: 'custom',
        path: ['time'],
        message: 'Choose a time from 08:00 to 20:59, or allow reminders in quiet hours',
      });
    }
  });
export type ReminderScheduleBody = z.infer<typeof reminderScheduleBodySchema>;

export const reminderScheduleSchema = z.object({
  enabled: z.boolean(),
  days: z.array(z.enum(reminderWeekdays)),
  time: z.string(),
  timezone: z.string(),
  language: z.enum(reminderLanguages),
  channels: z.array(z.enum(reminderChannels)),
  quiet_hours_allowed: z.boolean(),
  /** Who saved it last: the patient's own choice wins over staff's; null while nothing is saved (the defaults). */
  set_by: z.enum(['patient', 'staff']).nullable(),
  /** Text reminders stopped by a STOP reply (a START reply resumes them). */
  sms_opted_out: z.boolean(),
  /** E-mail reminders stopped by the unsubscribe link (the patient choosing e-mail again resumes them). */
  email_opted_out: z.boolean(),
  updated_at: z.string().nullable(),
  /**
   * The server's public VAPID key, which a browser subscribes with (`applicationServerKey`); null when push
   * notifications are off on this server (decision 1365).
   */
  push_public_key: z.string().nullable(),
  /** How many of the patient's devices take push notifications: push can be chosen only with one at least. */
  push_devices: z.number().int(),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;

/**
 * What a patient who saved nothing reads (decision 1350): off, every day at 18:00 by text, in English, on the clinic's
 * clocks until the phone gives its own.
 */
export const defaultReminderSchedule = (timezone: string): ReminderSchedule => ({
  enabled: false,
  days: [...reminderWeekdays],
  time: '18:00',
  timezone,
  language: 'en',
  channels: ['sms'],
  quiet_hours_allowed: false,
  set_by: null,
  sms_opted_out: false,
  email_opted_out: false,
  updated_at: null,
  push_public_key: null,
  push_devices: 0,
});

export const reminderDeliverySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  local_date: z.string(),
  channel: z.enum(reminderChannels),
  outcome: z.enum(reminderOutcomes),
  /** Why a send failed. */
  reason: z.string().nullable(),
});
export type ReminderDelivery = z.infer<typeof reminderDeliverySchema>;

export const reminderAdherenceSchema = z.object({
  /** The last 8 weeks (Sunday to Saturday in the clinic's calendar, as Progress has them), oldest first, this week last. */
  weeks: z.array(z.object({ week_start: z.string(), days_planned: z.number().int(), days_logged: z.number().int() })),
});
export type ReminderAdherence = z.infer<typeof reminderAdherenceSchema>;

/** A text message a patient sent back, as the SMS provider hands it over. */
export const smsInboundBodySchema = z.object({
  from: z.string().trim().min(4).max(32),
  body: z.string().max(1600),
});
export const smsInboundResultSchema = z.object({
  action: z.enum(['stopped', 'started', 'ignored']),
  patients: z.number().int(),
});

/** Bytes of base64url text (no padding): undefined when it is not base64url. */
const base64urlBytes = (text: string) => {
  const unpadded = text.replace(/={0,2}$/, '');
  return /^[A-Za-z0-9_-]*$/.test(unpadded) ? Math.floor((unpadded.length * 3) / 4) : undefined;
};
/** The browser's key for a subscription: an uncompressed P-256 point, 65 bytes starting 0x04 (RFC 8291). */
const p256dhSchema = z
  .string()
  .max(100)
  .refine((v) => base64urlBytes(v) === 65 && v.startsWith('B'), {
    error: 'Not a P-256 public key (65 bytes, base64url)',
  });
/** The subscription's authentication secret: 16 bytes (RFC 8291). */
const authSecretSchema = z
  .string()
  .max(40)
  .refine((v) => base64urlBytes(v) === 16, { error: 'Not an authentication secret (16 bytes, base64url)' });

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it (decision 1365): the push service's address
 * for this device (https only), and the keys the message is encrypted to. The address is a secret of sorts: whoever
 * holds it (and the keys) can send to the phone.
 */
/** A host given as a number, or this machine: never a push service's (decision 1365). */
const machineHost = /^(\[.*\]|\d{1,3}(\.\d{1,3}){3}|localhost)$/i;
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The push service’s https address' })
    .max(2048)
    .refine(
      (url) => !URL.canParse(url) || !machineHost.test(new URL(url).hostname),
      'The push service’s address, by its name',
    ),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: p256dhSchema, auth: authSecretSchema }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
/** The device whose notifications stop: its subscription's address. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(2048) });
export const pushDevicesSchema = z.object({
  /** The patient's devices that take push notifications now. */
  push_devices: z.number().int(),
  /** The schedule's channels now: the last device turned off takes push out of them. */
  channels: z.array(z.enum(reminderChannels)),
});
export type PushDevices = z.infer<typeof pushDevicesSchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(200) });
export const unsubscribeResultSchema = z.object({ unsubscribed: z.boolean() });

export const reminderEndpoints = defineEndpoints('reminders', {
  /** The patient's own schedule (the defaults when nothing is saved). */
  mine: {
    method: 'GET',
    path: '/api/v1/patient/reminders/',
    access: 'patient-app.use',
    audit: { read: 'reminder_schedule.self_read' },
    status: 200,
    response: reminderScheduleSchema,
  },
  /** The patient saves their own choice, which staff can no longer change. */
  saveMine: {
    method: 'PUT',
    path: '/api/v1/patient/reminders/',
    access: 'patient-app.use',
    audit: { change: 'reminder_schedule.self_update' },
    body: reminderScheduleBodySchema,
    status: 200,
    response: reminderScheduleSchema,
  },
  /**
   * This device takes push notifications (decision 1365): the browser's subscription, kept for the signed-in patient.
   * A device another patient had subscribed (a shared phone) is theirs no more.
   */
  subscribePush: {
    method: 'POST',
    path: '/api/v1/patient/reminders/push-devices/',
    access: 'patient-app.use',
    audit: { change: 'reminder_push.subscribe' },
    body: pushSubscriptionBodySchema,
    status: 200,
    response: pushDevicesSchema,
  },
  /** This device stops taking push notifications (turned off, or the patient signs out on it). */
  unsubscribePush: {
    method: 'POST',
    path: '/api/v1/patient/reminders/push-devices/remove/',
    access: 'patient-app.use',
    audit: { change: 'reminder_push.unsubscribe' },
    body: pushUnsubscribeBodySchema,
    status: 200,
    response: pushDevicesSchema,
  },
  /** A patient's schedule, for staff. */
  ofPatient: {
    method: 'GET',
    path: '/api/v1/patients/:id/reminders/',
    access: 'patients.read',
    audit: { read: 'reminder_schedule.read' },
    params: idParamsSchema,
    status: 200,
    response: reminderScheduleSchema,
  },
  /** Staff set a default; refused (409) once the patient has chosen their own. */
  saveForPatient: {
    method: 'PUT',
    path: '/api/v1/patients/:id/reminders/',
    access: 'reminders.manage',
    audit: { change: 'reminder_schedule.update' },
    params: idParamsSchema,
    body: reminderScheduleBodySchema,
    status: 200,
    response: reminderScheduleSchema,
  },
  /** What each day's reminder became, newest first. */
  sent: {
    method: 'GET',
    path: '/api/v1/patients/:id/reminders/sent/',
    access: 'patients.read',
    audit: { read: 'reminder.list' },
    params: idParamsSchema,
    query: pageQuerySchema,
    status: 200,
    response: paginated(reminderDeliverySchema),
  },
  /** Days logged against days planned, week by week. */
  adherence: {
    method: 'GET',
    path: '/api/v1/patients/:id/reminders/adherence/',
    access: 'patients.read',
    audit: { read: 'reminder_adherence.read' },
    params: idParamsSchema,
    status: 200,
    response: reminderAdherenceSchema,
  },
  /**
   * A text a patient sent back, posted by the SMS provider with the bearer token the outbound webhook sends
   * (`SMS_WEBHOOK_TOKEN`): STOP turns text reminders off for every patient of that number, START turns them on.
   */
  smsInbound: {
    method: 'POST',
    path: '/api/v1/reminders/sms-inbound/',
    access: 'public',
    audit: { change: 'reminder.sms_reply' },
    body: smsInboundBodySchema,
    status: 200,
    response: smsInboundResultSchema,
  },
  /** The e-mail's unsubscribe link: shows what it would do (a page to a browser), changes nothing. */
  unsubscribePage: {
    method: 'GET',
    path: '/api/v1/reminders/unsubscribe/',
    access: 'public',
    query: unsubscribeQuerySchema,
    status: 200,
    response: unsubscribeResultSchema,
  },
  /** Stops e-mail reminders with one click and no sign-in (RFC 8058 `List-Unsubscribe-Post`). */
  unsubscribe: {
    method: 'POST',
    path: '/api/v1/reminders/unsubscribe/',
    access: 'public',
    audit: { change: 'reminder.email_unsubscribe' },
    query: unsubscribeQuerySchema,
    status: 200,
    response: unsubscribeResultSchema,
  },
});
