import {
  defaultReminderSchedule,
  type PageQuery,
  type ReminderAdherence,
  type ReminderSchedule,
  type ReminderScheduleBody,
  toPage,
} from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { addDays, localDateOf, weekDays, weekStartOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { findOwnPatient, lockPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import type { ScheduleRow } from './reminder-schedules.repository.ts';
import { weekdayName } from './reminder-times.ts';

type Deps = { clock: Clock; audit: AuditLog; pushPublicKey: string | undefined };
/** What the schedule's answer says of push besides the schedule: whether the server has it, and the devices. */
type PushState = Pick<ReminderSchedule, 'push_public_key' | 'push_devices'>;
type Patient = { id: number; clinicId: number; timezone: string };
const ADHERENCE_WEEKS = 8;

const toSchedule = (row: ScheduleRow, push: PushState): ReminderSchedule => ({
  enabled: row.enabled,
  days: row.days as ReminderSchedule['days'],
  time: row.localTime,
  timezone: row.timezone,
  language: row.language,
  channels: row.channels,
  quiet_hours_allowed: row.quietHoursAllowed,
  set_by: row.setBy,
  sms_opted_out: row.smsOptedOut,
  email_opted_out: row.emailOptedOut,
  updated_at: row.updatedAt.toISOString(),
  ...push,
});

const valuesOf = (body: ReminderScheduleBody) => ({
  enabled: body.enabled,
  days: body.days,
  localTime: body.time,
  timezone: body.timezone,
  language: body.language,
  channels: body.channels,
  quietHoursAllowed: body.quiet_hours_allowed,
});

/** What the audit row keeps of a schedule: the choices, no contact details. */
const auditDetailOf = (body: ReminderScheduleBody) => ({
  enabled: body.enabled,
  days: body.days,
  time: body.time,
  timezone: body.timezone,
  language: body.language,
  channels: body.channels,
  quiet_hours_allowed: body.quiet_hours_allowed,
});

/** The schedule's reads and saves, by the patient and by staff (decision 1350). */
export function createRemindersService({ clock, audit, pushPublicKey }: Deps) {
  const { success: record } = patientAudit(audit);

  const pushStateOf = async (actor: Caller, patient: Patient): Promise<PushState> => ({
    push_public_key: pushPublicKey ?? null,
    push_devices: await actor.data.within(patientScope(patient)).pushSubscriptions.count(patient.id),
  });

  /**
   * A channel needs its address on file: e-mail an e-mail address, text a phone number, push a device that takes
   * notifications (decision 1365).
   */
  async function checkContacts(actor: Caller, patient: Patient, body: ReminderScheduleBody) {
    const data = actor.data.within(patientScope(patient));
    const contacts = await data.reminderSchedules.contacts(patient.id);
    if (!contacts) throw notFound('patient');
    if (body.channels.includes('email') && !contacts.email) {
      throw fieldError('channels', 'No e-mail address is on file for this patient');
    }
    if (body.channels.includes('sms') && contacts.phone.replace(/\D/g, '').length < 4) {
      throw fieldError('channels', 'No phone number is on file for this patient');
    }
    if (body.channels.includes('push') && (await data.pushSubscriptions.count(patient.id)) === 0) {
      throw fieldError('channels', 'No device of this patient takes push notifications: turn them on in the app first');
    }
  }

  async function save(
    actor: Caller,
    patient: Patient,
    body: ReminderScheduleBody,
    setBy: 'patient' | 'staff',
    ctx: RequestContext,
  ) {
    await checkContacts(actor, patient, body);
    const saved = await actor.data.transaction(async (tx) => {
      // After a discharge or a removal under way: the save then finds the patient out of care (decision 1370).
      await lockPatient(tx, patient);
      const schedules = tx.within(patientScope(patient)).reminderSchedules;
      const row = await schedules.save(patient.id, valuesOf(body), { setBy, userId: actor.id, now: clock.now() });
      if (!row) {
        throw new AppError(
          'conflict',
          'The patient has chosen their own reminders, so they can no longer be changed here.',
        );
      }
      const action = setBy === 'patient' ? 'reminder_schedule.self_update' : 'reminder_schedule.update';
      await record(actor, action, patient, ctx, auditDetailOf(body), tx.db);
      return row;
    });
    return toSchedule(saved, await pushStateOf(actor, patient));
  }

  async function scheduleOf(actor: Caller, patient: Patient) {
    const row = await actor.data.within(patientScope(patient)).reminderSchedules.find(patient.id);
    const push = await pushStateOf(actor, patient);
    return row ? toSchedule(row, push) : { ...defaultReminderSchedule(patient.timezone), ...push };
  }

  return {
    async mine(actor: Caller, ctx: RequestContext): Promise<ReminderSchedule> {
      const own = await findOwnPatient(actor);
      const schedule = await scheduleOf(actor, own);
      await record(actor, 'reminder_schedule.self_read', own, ctx);
      return schedule;
    },

    async saveMine(actor: Caller, body: ReminderScheduleBody, ctx: RequestContext) {
      return save(actor, await findOwnPatient(actor), body, 'patient', ctx);
    },

    async ofPatient(actor: Caller, patientId: number, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'reminder_schedule.read', ctx);
      const schedule = await scheduleOf(actor, patient);
      await record(actor, 'reminder_schedule.read', patient, ctx);
      return schedule;
    },

    async saveForPatient(actor: Caller, patientId: number, body: ReminderScheduleBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'reminder_schedule.update', ctx);
      return save(actor, patient, body, 'staff', ctx);
    },

    async sent(actor: Caller, patientId: number, query: PageQuery, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'reminder.list', ctx);
      const { rows, count } = await actor.data.within(patientScope(patient)).reminderDeliveries.page(patient.id, {
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      await record(actor, 'reminder.list', patient, ctx, { page: query.page });
      const results = rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        local_date: r.localDate,
        channel: r.channel,
        outcome: r.outcome,
        reason: r.reason,
      }));
      return toPage(results, count, query);
    },

    /**
     * Week by week, the days the schedule plans (its days, since it was saved, up to today) and how many of them
     * are data days. Past weeks are read with today's schedule: its history is not kept.
     */
    async adherence(actor: Caller, patientId: number, ctx: RequestContext): Promise<ReminderAdherence> {
      const patient = await requirePatient(audit, actor, patientId, 'reminder_adherence.read', ctx);
      const data = actor.data.within(patientScope(patient));
      const today = localDateOf(clock.now(), patient.timezone);
      const first = weekStartOf(today, ADHERENCE_WEEKS - 1);
      const schedule = await data.reminderSchedules.find(patient.id);
      const days = await data.reminderDeliveries.dataDays([patient.id], first, addDays(today, 1));
      const logged = new Set(days.get(patient.id));
      const since = schedule ? localDateOf(schedule.createdAt, patient.timezone) : today;
      const weeks = Array.from({ length: ADHERENCE_WEEKS }, (_, i) => {
        const start = weekStartOf(today, ADHERENCE_WEEKS - 1 - i);
        const planned = weekDays(start).filter(
          (day) => schedule?.enabled && day >= since && day <= today && schedule.days.includes(weekdayName(day)),
        );
        return {
          week_start: start,
          days_planned: planned.length,
          days_logged: planned.filter((day) => logged.has(day)).length,
        };
      });
      await record(actor, 'reminder_adherence.read', patient, ctx);
      return { weeks };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
