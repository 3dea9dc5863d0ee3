import {
  isQuietTime,
  monthAtRisk,
  monthDataDaysNeeded,
  REMINDER_GRACE_MINUTES,
  type ReminderChannel,
  type ReminderOutcome,
} from '@rehabit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import { addDays, daysBetween, localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { abandonInOutbox, queueInOutbox } from '../../lib/outbox.ts';
import type { PushSender } from '../../lib/push.ts';
import type { SmsMessage, SmsSender } from '../../lib/sms.ts';
import { dataFor, type TxData } from '../data-access.ts';
import { deliverPush, type PushMessage, pushMessageOf, pushOutgoing } from './push-delivery.ts';
import type { createReminderDeliveriesRepository } from './reminder-deliveries.repository.ts';
import { type ReminderContent, reminderEmail, reminderLink, reminderPush, reminderText } from './reminder-messages.ts';
import type { createReminderSchedulesRepository } from './reminder-schedules.repository.ts';
import { daysToDecide, nextDueAt, wallTimeOf } from './reminder-times.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  push: PushSender;
  config: Pick<Config, 'PUBLIC_URL' | 'APP_SECRET' | 'RESTRICTED_CLINIC_CODE'>;
  log: Pick<FastifyBaseLogger, 'error'>;
};
type Due = Awaited<ReturnType<ReturnType<typeof createReminderSchedulesRepository>['due']>>[number];
type Pending = Awaited<ReturnType<ReturnType<typeof createReminderDeliveriesRepository>['pending']>>[number];
/** A message written with its claim, handed to the provider after the commit. */
type Queued = {
  claimId: number;
  channel: ReminderChannel;
  outboxId: number;
  message: SmsMessage | MailMessage | PushMessage;
};
/** What the day's reminder says and where it leads, the same on every channel. */
type Says = ReminderContent & { link: string };

const lastDayOf = (day: string) => addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
/**
 * A pending reminder whose delivery began this long ago without an answer lost its server: the next run tries it
 * again. Longer than any provider call takes (the SMS webhook gives up after 5 s).
 */
export const PENDING_LEASE_MINUTES = 10;
/** Provider calls in flight at once, from one run. */
const DELIVERIES_AT_ONCE = 8;
const MISSED_REASON = 'The server was not running at the reminder time';
const LOST_REASON = 'Not delivered within the grace window: the server stopped before the provider took it';
const OPTED_OUT_REASON = 'Not sent: the patient opted out after the reminder was written';

/**
 * The reminders' job (decisions 1350, 1370): every minute, each reminder whose time has come is decided once, in its
 * own clinic's short transaction: claimed (one row a channel) and skipped (opted out, already logged today with no
 * check-in waiting, quiet hours) or written to the outbox as `pending`. The provider is called after the commit, and
 * its answer makes the row `sent` or `failed`; a row left pending by a server that stopped is tried again by a later
 * run.
 */
export function createReminderRunner({ db, clock, mailer, sms, push, config, log }: Deps) {
  async function decide(row: Due, plan: ReturnType<typeof daysToDecide>, now: Date): Promise<Queued[]> {
    const { schedule } = row;
    const data = dataFor(db, clinicScope(schedule.clinicId));
    return data.transaction(async (tx) => {
      for (const day of plan.missed) {
        const claims = schedule.channels.map((channel) => ({
          patientId: schedule.patientId,
          localDate: day.localDate,
          channel,
          outcome: 'missed' as const,
          dueAt: day.dueAt,
          at: now,
        }));
        const claimed = await tx.reminderDeliveries.claim(claims);
        for (const id of claimed?.values() ?? []) await tx.reminderDeliveries.finish(id, 'missed', MISSED_REASON, null);
      }
      const due = plan.due;
      if (!due) return [];
      // The data day is the clinic's calendar day, as billing counts it (db/data-days.ts).
      const clinicToday = localDateOf(now, row.clinicTimezone);
      const monthEnd = lastDayOf(clinicToday);
      const days = await tx.reminderDeliveries.dataDays(
        schedule.patientId,
        `${clinicToday.slice(0, 7)}-01`,
        addDays(clinicToday, 1),
      );
      const loggedToday = days.includes(clinicToday);
      // A check-in due on the clinic's day, by the rule the patient app shows it with (decision 1360).
      const [checkIn] = await tx.measureAssignments.dueOf(schedule.patientId, clinicToday);
      const quiet = !schedule.quietHoursAllowed && isQuietTime(wallTimeOf(now, schedule.timezone));
      // Push has no opt-out of its own: turning the last device off takes push out of the channels (decision 1365).
      const optedOut = (channel: ReminderChannel) =>
        channel === 'sms' ? schedule.smsOptedOut : channel === 'email' ? schedule.emailOptedOut : false;
      // A day already logged still has a reminder while a check-in waits: it then says only that (decision 1370).
      const skipLogged = loggedToday && !checkIn;
      const outcomeOf = (channel: ReminderChannel): ReminderOutcome =>
        optedOut(channel) ? 'opted_out' : skipLogged ? 'skipped_logged' : quiet ? 'skipped_quiet' : 'pending';
      const claims = schedule.channels.map((channel) => ({
        patientId: schedule.patientId,
        localDate: due.localDate,
        channel,
        outcome: outcomeOf(channel),
        dueAt: due.dueAt,
        at: now,
      }));
      const claimed = await tx.reminderDeliveries.claim(claims);
      if (!claimed) return [];
      const atRisk = monthAtRisk({
        needed: monthDataDaysNeeded(monthEnd),
        logged: days.length,
        daysLeft: daysBetween(clinicToday, monthEnd) + 1,
      });
      const content: ReminderContent = { atRisk, checkIn: !checkIn ? 'none' : loggedToday ? 'only' : 'too' };
      const link = reminderLink(config.PUBLIC_URL, checkIn?.id);
      const queued: Queued[] = [];
      for (const claim of claims) {
        if (claim.outcome !== 'pending') continue;
        const one = await queue(tx, row, claim.channel, claimed.get(claim.channel)!, { ...content, link });
        if (one) queued.push(one);
      }
      return queued;
    });
  }

  /** Writes the message to the outbox in the claim's transaction; a suppressed one is done there and then. */
  async function queue(tx: TxData, row: Due, channel: ReminderChannel, id: number, says: Says) {
    if (channel === 'email' && !row.email) {
      await tx.reminderDeliveries.finish(id, 'failed', 'No e-mail address on file', null);
      return undefined;
    }
    const { message, result } = await written(tx, row, channel, says);
    await tx.reminderDeliveries.finish(id, result.status === 'suppressed' ? 'sent' : 'pending', null, result.id);
    return result.status === 'suppressed' ? undefined : { claimId: id, channel, outboxId: result.id, message };
  }

  /** The channel's message in the schedule's language, and its outbox row. */
  async function written(tx: TxData, row: Due, channel: ReminderChannel, says: Says) {
    const { schedule } = row;
    const language = schedule.language;
    const suppress = row.clinicCode === config.RESTRICTED_CLINIC_CODE;
    if (channel === 'sms') {
      const message: SmsMessage = { to: row.phone, text: reminderText({ language, ...says }), suppress };
      return { message, result: await sms.queue(message, tx.db) };
    }
    if (channel === 'email') {
      const message = emailOf(schedule.patientId, row.email!, language, says, suppress);
      return { message, result: await mailer.queue(message, tx.db) };
    }
    const message: PushMessage = { patientId: schedule.patientId, payload: reminderPush({ language, ...says }) };
    return { message, result: await queueInOutbox(tx.db, pushOutgoing(message, suppress)) };
  }

  /** After the commit: the provider's answer sets the outcome (still queued without a provider counts as sent). */
  async function deliver(scope: ReturnType<typeof dataFor>, q: Queued) {
    const result =
      q.channel === 'sms'
        ? await sms.deliverQueued(q.outboxId, q.message as SmsMessage)
        : q.channel === 'email'
          ? await mailer.deliverQueued(q.outboxId, q.message as MailMessage)
          : await deliverPush({ db, clock, push }, scope, q.outboxId, q.message as PushMessage);
    await scope.reminderDeliveries.finish(
      q.claimId,
      result.status === 'failed' ? 'failed' : 'sent',
      result.status === 'failed' ? (result.error ?? 'Delivery failed') : null,
      q.outboxId,
    );
  }

  /** Reminders left pending by a server that stopped: tried again within the grace window, else failed. */
  async function retryPending(now: Date, start: (task: () => Promise<void>) => void) {
    const data = dataFor(db, crossClinic('scheduled job'));
    const lost = await data.reminderDeliveries.pending(new Date(now.getTime() - PENDING_LEASE_MINUTES * 60_000));
    for (const p of lost) {
      try {
        if (!(await data.reminderDeliveries.retake(p.id, p.at, now))) continue;
        // A STOP, an unsubscribe, the last device turned off or reminders turned off since the claim: the message is
        // not sent after all.
        const optedOut =
          !p.enabled ||
          (p.channel === 'sms'
            ? p.smsOptedOut
            : p.channel === 'email'
              ? p.emailOptedOut
              : !p.channels.includes('push'));
        const inTime =
          now.getTime() - p.dueAt.getTime() <= REMINDER_GRACE_MINUTES * 60_000 &&
          (p.quietHoursAllowed || !isQuietTime(wallTimeOf(now, p.timezone)));
        if (optedOut || !inTime) {
          await data.transaction(async (tx) => {
            await tx.reminderDeliveries.finish(
              p.id,
              optedOut ? 'opted_out' : 'failed',
              optedOut ? null : LOST_REASON,
              p.outboxId,
            );
            await abandonInOutbox(tx.db, p.outboxId!, optedOut ? OPTED_OUT_REASON : LOST_REASON);
          });
          continue;
        }
        start(() => deliver(data, { claimId: p.id, channel: p.channel, outboxId: p.outboxId!, message: resent(p) }));
      } catch (err) {
        // One reminder that cannot be settled leaves the others, and the day's due reminders, to go.
        log.error({ err }, 'pending reminder not settled; tried again next minute');
      }
    }
  }

  /** The message of a pending reminder as the outbox kept it, with the e-mail's unsubscribe headers again. */
  function resent(p: Pending): SmsMessage | MailMessage | PushMessage {
    if (p.channel === 'sms') return { to: p.recipient, text: p.body };
    if (p.channel === 'push') return pushMessageOf(p.patientId, p.body);
    return { to: p.recipient, subject: p.subject ?? '', text: p.body, headers: unsubscribeHeaders(p.patientId) };
  }

  const unsubscribeUrlOf = (patientId: number) => {
    const url = new URL('/api/v1/reminders/unsubscribe/', config.PUBLIC_URL);
    url.searchParams.set('token', unsubscribeToken(config.APP_SECRET, patientId));
    return url.href;
  };
  // One click from the mail program, no sign-in (RFC 8058).
  const unsubscribeHeaders = (patientId: number) => ({
    'List-Unsubscribe': `<${unsubscribeUrlOf(patientId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  function emailOf(patientId: number, to: string, language: 'en' | 'es', says: Says, suppress: boolean): MailMessage {
    const unsubscribeUrl = unsubscribeUrlOf(patientId);
    return {
      to,
      ...reminderEmail({ language, ...says, unsubscribeUrl }),
      suppress,
      headers: unsubscribeHeaders(patientId),
    };
  }

  return {
    /**
     * Decides every reminder due now, then hands the messages to the providers, a few at once, outside any
     * transaction; one patient's failure leaves the others to go. Answers when every delivery has its outcome.
     */
    async runDue(): Promise<void> {
      const now = clock.now();
      const data = dataFor(db, crossClinic('scheduled job'));
      const deliveries = limited(DELIVERIES_AT_ONCE, (err: unknown) =>
        log.error({ err }, 'reminder delivery not recorded; tried again after the lease'),
      );
      await retryPending(now, deliveries.start);
      const rows = await data.reminderSchedules.due(now);
      for (const row of rows) {
        const { schedule } = row;
        try {
          // Nothing is owed from before the time the job was to look: the schedule's save, the patient's return to
          // care, or the next reminder's time it worked out last (decision 1370).
          const since = schedule.nextAt!;
          const plan = daysToDecide(schedule, now, row.lastDay, since);
          const queued = await decide(row, plan, now);
          for (const q of queued) deliveries.start(() => deliver(data, q));
          const decided = [row.lastDay, plan.missed.at(-1)?.localDate, plan.due?.localDate]
            .filter((d): d is string => !!d)
            .sort()
            .at(-1);
          const next = nextDueAt(schedule, now, decided ?? null) ?? new Date(now.getTime() + 86_400_000);
          await data.reminderSchedules.setNextAt(schedule.patientId, since, next);
        } catch (err) {
          log.error({ err, patient: schedule.patientId }, 'reminder not decided; tried again next minute');
        }
      }
      await deliveries.done();
    },
  };
}

/** Runs tasks as they come, `most` at a time; `done` waits for all of them. */
function limited(most: number, onError: (err: unknown) => void) {
  const waiting: (() => Promise<void>)[] = [];
  const running = new Set<Promise<void>>();
  const next = () => {
    while (running.size < most && waiting.length > 0) {
      const task = waiting.shift()!;
      const p: Promise<void> = task()
        .catch(onError)
        .finally(() => {
          running.delete(p);
          next();
        });
      running.add(p);
    }
  };
  return {
    start(task: () => Promise<void>) {
      waiting.push(task);
      next();
    },
    async done() {
      while (running.size > 0 || waiting.length > 0) await Promise.race(running);
    },
  };
}

export type ReminderRunner = ReturnType<typeof createReminderRunner>;
