import type { ReminderChannel, ReminderOutcome } from '@rehabit/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { patients, reminderDeliveries, reminderSchedules } from '../db/schema.ts';
import { addDays, localDateOf } from '../lib/calendar.ts';
import { dueInstant, weekdayName } from '../modules/reminders/reminder-times.ts';

const HISTORY_DAYS = 21;
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];

/**
 * Reminder schedules for the first onboarded patients of the clinic (decision 1350), in English and Spanish, by
 * text and e-mail, one chosen by staff only, one who texted STOP, one who unsubscribed from e-mail; and three weeks of
 * what the reminders became, up to now. Today's reminders still to come are left to the job.
 */
export async function seedDemoReminders(tx: Tx, input: { clinicId: number; staffId: number; now: Date }) {
  const treated = await tx
    .select({ id: patients.id, userId: patients.userId, email: patients.email })
    .from(patients)
    .where(and(eq(patients.clinicId, input.clinicId), eq(patients.status, 'onboarded')))
    .orderBy(asc(patients.id))
    .limit(8);
  const timezone = 'America/Chicago';
  const today = localDateOf(input.now, timezone);
  for (const [index, patient] of treated.entries()) {
    const channels: ReminderChannel[] = patient.email && index % 2 === 0 ? ['sms', 'email'] : ['sms'];
    const byPatient = patient.userId !== null && index !== 1;
    const schedule = {
      patientId: patient.id,
      clinicId: input.clinicId,
      enabled: true,
      days: index % 3 === 2 ? WEEKDAYS : EVERY_DAY,
      localTime: ['18:00', '08:30', '12:15', '19:45'][index % 4]!,
      timezone,
      language: index % 4 === 3 ? ('es' as const) : ('en' as const),
      channels,
      setBy: byPatient ? ('patient' as const) : ('staff' as const),
      updatedBy: byPatient ? patient.userId : input.staffId,
      smsOptedOut: index === 5,
      emailOptedOut: index === 6 && channels.includes('email'),
      createdAt: new Date(input.now.getTime() - (HISTORY_DAYS + 1) * 86_400_000),
    };
    // Saved then: the job looks at it at once and owes what came since (decision 1370).
    const saved = { ...schedule, nextAt: schedule.createdAt };
    await tx.insert(reminderSchedules).values(saved);
    const history = [];
    for (let back = HISTORY_DAYS; back >= 0; back--) {
      const day = addDays(today, -back);
      if (!schedule.days.includes(weekdayName(day))) continue;
      const dueAt = dueInstant(day, schedule.localTime, timezone);
      // A demo started after today's reminder time finds it sent, as a server running all day would have.
      if (dueAt > input.now) continue;
      for (const channel of channels) {
        const optedOut = channel === 'sms' ? schedule.smsOptedOut : schedule.emailOptedOut;
        const outcome: ReminderOutcome = optedOut
          ? 'opted_out'
          : (back + index) % 4 === 0
            ? 'skipped_logged'
            : back === 9 && index === 0
              ? 'failed'
              : 'sent';
        history.push({
          clinicId: input.clinicId,
          patientId: patient.id,
          localDate: day,
          channel,
          outcome,
          reason: outcome === 'failed' ? 'SMS provider answered 503' : null,
          dueAt,
          at: dueAt,
        });
      }
    }
    if (history.length > 0) await tx.insert(reminderDeliveries).values(history);
  }
}
