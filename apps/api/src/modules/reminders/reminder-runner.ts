import {
  isQuietTime,
  monthAtRisk,
  monthDataDaysNeeded,
  type ReminderChannel,
  type ReminderOutcome,
} from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import { addDays, daysBetween, localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { dataFor, type TxData } from '../data-access.ts';
import { reminderEmail, reminderText } from './reminder-messages.ts';
import type { createReminderSchedulesRepository } from './reminder-schedules.repository.ts';
import { dueReminder, wallTimeOf } from './reminder-times.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  config: Pick<Config, 'PUBLIC_URL' | 'APP_SECRET' | 'RESTRICTED_CLINIC_CODE'>;
  log: Pick<FastifyBaseLogger, 'error'>;
};
type Due = Awaited<ReturnType<ReturnType<typeof createReminderSchedulesRepository>['enabled']>>[number];

const lastDayOf = (day: string) => addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * The reminders' job (decision 1350): every minute, each reminder whose time has come is decided once, in its own
 * clinic's transaction: claimed (one row a channel), then skipped (opted out, already logged today, quiet hours)
 * or sent through the outbox in the same transaction.
 */
export function createReminderRunner({ db, clock, mailer, sms, config, log }: Deps) {
  async function decide(row: Due, due: { localDate: string; dueAt: Date }, now: Date) {
    const { schedule } = row;
    const data = dataFor(db, clinicScope(schedule.clinicId));
    await data.transaction(async (tx) => {
      // The data day is the clinic's calendar day, as billing counts it (db/data-days.ts).
      const clinicToday = localDateOf(now, row.clinicTimezone);
      const monthEnd = lastDayOf(clinicToday);
      const days = await tx.reminderDeliveries.dataDays(
        schedule.patientId,
        `${clinicToday.slice(0, 7)}-01`,
        addDays(clinicToday, 1),
      );
      const loggedToday = days.includes(clinicToday);
      const quiet = !schedule.quietHoursAllowed && isQuietTime(wallTimeOf(now, schedule.timezone));
      const optedOut = (channel: ReminderChannel) =>
        channel === 'sms' ? schedule.smsOptedOut : schedule.emailOptedOut;
      const outcomeOf = (channel: ReminderChannel): ReminderOutcome =>
        optedOut(channel) ? 'opted_out' : loggedToday ? 'skipped_logged' : quiet ? 'skipped_quiet' : 'sent';
      const claims = schedule.channels.map((channel) => ({
        patientId: schedule.patientId,
        localDate: due.localDate,
        channel,
        outcome: outcomeOf(channel),
        dueAt: due.dueAt,
        at: now,
      }));
      const claimed = await tx.reminderDeliveries.claim(claims);
      if (!claimed) return;
      const atRisk = monthAtRisk({
        needed: monthDataDaysNeeded(monthEnd),
        logged: days.length,
        daysLeft: daysBetween(clinicToday, monthEnd) + 1,
      });
      for (const claim of claims) {
        if (claim.outcome !== 'sent') continue;
        await send(tx, row, claim.channel, claimed.get(claim.channel)!, atRisk);
      }
    });
  }

  async function send(tx: TxData, row: Due, channel: ReminderChannel, id: number, atRisk: boolean) {
    const { schedule } = row;
    const language = schedule.language;
    const todayUrl = new URL('/my/today', config.PUBLIC_URL).href;
    const suppress = row.clinicCode === config.RESTRICTED_CLINIC_CODE;
    if (channel === 'email' && !row.email) {
      await tx.reminderDeliveries.finish(id, 'failed', 'No e-mail address on file', null);
      return;
    }
    const result =
      channel === 'sms'
        ? await sms.send({ to: row.phone, text: reminderText({ language, atRisk, todayUrl }), suppress }, tx.db)
        : await mailer.send(emailOf(row, language, atRisk, todayUrl, suppress), tx.db);
    await tx.reminderDeliveries.finish(
      id,
      result.status === 'failed' ? 'failed' : 'sent',
      result.status === 'failed' ? (result.error ?? 'Delivery failed') : null,
      result.id,
    );
  }

  function emailOf(row: Due, language: 'en' | 'es', atRisk: boolean, todayUrl: string, suppress: boolean) {
    const unsubscribeUrl = new URL('/api/v1/reminders/unsubscribe/', config.PUBLIC_URL);
    unsubscribeUrl.searchParams.set('token', unsubscribeToken(config.APP_SECRET, row.schedule.patientId));
    return {
      to: row.email!,
      ...reminderEmail({ language, atRisk, todayUrl, unsubscribeUrl: unsubscribeUrl.href }),
      suppress,
      // One click from the mail program, no sign-in (RFC 8058).
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl.href}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  return {
    /** Decides every reminder due now; one patient's failure leaves the others to go. */
    async runDue(): Promise<void> {
      const now = clock.now();
      const rows = await dataFor(db, crossClinic('scheduled job')).reminderSchedules.enabled();
      for (const row of rows) {
        const due = dueReminder(row.schedule, now, row.lastDay);
        if (!due) continue;
        await decide(row, due, now).catch((err: unknown) =>
          log.error({ err, patient: row.schedule.patientId }, 'reminder not decided; tried again next minute'),
        );
      }
    },
  };
}

export type ReminderRunner = ReturnType<typeof createReminderRunner>;
