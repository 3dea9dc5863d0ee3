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
import { type Mailer, type MailMessage, mailOutgoing } from '../../lib/mailer.ts';
import { abandonInOutbox, queueAllInOutbox } from '../../lib/outbox.ts';
import type { PushSender } from '../../lib/push.ts';
import { type SmsMessage, type SmsSender, smsOutgoing } from '../../lib/sms.ts';
import { dataFor } from '../data-access.ts';
import { deliverPush, type PushMessage, pushMessageOf, pushOutgoing } from './push-delivery.ts';
import { type Claim, type createReminderDeliveriesRepository, dayOf } from './reminder-deliveries.repository.ts';
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
/** A due schedule with the days it decides now. */
type Planned = { row: Due; plan: ReturnType<typeof daysToDecide> };
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
/**
 * Schedules decided in one transaction: a minute's reminders of a large clinic are read and written a few hundred at
 * a time, so the work grows with the statements of a batch, not of a reminder, and each transaction stays short.
 */
const DECIDED_AT_ONCE = 250;
const MISSED_REASON = 'The server was not running at the reminder time';
const NO_EMAIL_REASON = 'No e-mail address on file';
const LOST_REASON = 'Not delivered within the grace window: the server stopped before the provider took it';
const OPTED_OUT_REASON = 'Not sent: the patient opted out after the reminder was written';

/**
 * The reminders' job (decisions 1350, 1370, 1380): every minute, each reminder whose time has come is decided once,
 * in a short transaction of its clinic with up to DECIDED_AT_ONCE others: claimed (one row a channel) and skipped
 * (opted out, already logged today with no check-in waiting, quiet hours) or written to the outbox as `pending`. The
 * provider is called after the commit, and its answer makes the row `sent` or `failed`; a row left pending by a
 * server that stopped is tried again by a later run.
 */
export function createReminderRunner({ db, clock, mailer, sms, push, config, log }: Deps) {
  /** Decides the due schedules of one clinic together, in one transaction: what to hand to the providers. */
  async function decide(plans: Planned[], now: Date): Promise<Queued[]> {
    const clinic = plans[0]!.row;
    const data = dataFor(db, clinicScope(clinic.schedule.clinicId));
    // The data day is the clinic's calendar day, as billing counts it (db/data-days.ts).
    const clinicToday = localDateOf(now, clinic.clinicTimezone);
    const monthEnd = lastDayOf(clinicToday);
    return data.transaction(async (tx) => {
      const dueIds = plans.filter((p) => p.plan.due).map((p) => p.row.schedule.patientId);
      const dataDays = await tx.reminderDeliveries.dataDays(
        dueIds,
        `${clinicToday.slice(0, 7)}-01`,
        addDays(clinicToday, 1),
      );
      // A check-in due on the clinic's day, by the rule the patient app shows it with (decision 1360).
      const checkIns = new Map<number, { id: number }>();
      for (const a of await tx.measureAssignments.dueOf(dueIds, clinicToday)) {
        if (!checkIns.has(a.patientId)) checkIns.set(a.patientId, a);
      }
      const claims: Claim[] = [];
      const says = new Map<number, Says>();
      for (const { row, plan } of plans) {
        claims.push(...plan.missed.flatMap((day) => missedClaims(row, day, now)));
        if (!plan.due) continue;
        const today = { clinicToday, monthEnd, days: dataDays.get(row.schedule.patientId) ?? [] };
        const checkIn = checkIns.get(row.schedule.patientId);
        const day = dueDay(row, plan.due, today, checkIn, now);
        claims.push(...day.claims);
        says.set(row.schedule.patientId, day.says);
      }
      const claimed = await tx.reminderDeliveries.claim(claims);
      // The messages of the days this run claimed, written to the outbox together.
      const toWrite = plans.flatMap(({ row, plan }) => {
        const { patientId } = row.schedule;
        const ids = plan.due && claimed.get(dayOf(patientId, plan.due.localDate));
        if (!ids) return [];
        return claims
          .filter((c) => c.patientId === patientId && c.localDate === plan.due!.localDate && c.outcome === 'pending')
          .map((c) => ({
            claimId: ids.get(c.channel)!,
            channel: c.channel,
            ...written(row, c.channel, says.get(patientId)!),
          }));
      });
      const results = await queueAllInOutbox(
        tx.db,
        toWrite.map((w) => w.outgoing),
      );
      // A suppressed message (the restricted demo clinic) is recorded and done: its reminder counts as sent.
      await tx.reminderDeliveries.finish(
        toWrite.map((w, i) => ({
          id: w.claimId,
          outcome: results[i]!.status === 'suppressed' ? 'sent' : 'pending',
          reason: null,
          outboxId: results[i]!.id,
        })),
      );
      await tx.reminderSchedules.setNextAt(
        plans.map(({ row, plan }) => ({
          patientId: row.schedule.patientId,
          from: row.schedule.nextAt!,
          nextAt: nextLook(row, plan, now),
        })),
      );
      return toWrite.flatMap((w, i) =>
        results[i]!.status === 'suppressed'
          ? []
          : [{ claimId: w.claimId, channel: w.channel, outboxId: results[i]!.id, message: w.message }],
      );
    });
  }

  /** A day whose time passed while no server ran: recorded once on each channel, never sent. */
  const missedClaims = (row: Due, day: { localDate: string; dueAt: Date }, now: Date): Claim[] =>
    row.schedule.channels.map((channel) => ({
      patientId: row.schedule.patientId,
      localDate: day.localDate,
      channel,
      outcome: 'missed',
      reason: MISSED_REASON,
      dueAt: day.dueAt,
      at: now,
    }));

  /**
   * The day's reminder of one schedule: on each channel, skipped (opted out, already logged with no check-in waiting,
   * quiet hours), failed (no e-mail address) or to send; and what it says.
   */
  function dueDay(
    row: Due,
    due: { localDate: string; dueAt: Date },
    today: { clinicToday: string; monthEnd: string; days: string[] },
    checkIn: { id: number } | undefined,
    now: Date,
  ): { claims: Claim[]; says: Says } {
    const { schedule } = row;
    const loggedToday = today.days.includes(today.clinicToday);
    const quiet = !schedule.quietHoursAllowed && isQuietTime(wallTimeOf(now, schedule.timezone));
    // Push has no opt-out of its own: turning the last device off takes push out of the channels (decision 1365).
    const optedOut = (channel: ReminderChannel) =>
      channel === 'sms' ? schedule.smsOptedOut : channel === 'email' ? schedule.emailOptedOut : false;
    // A day already logged still has a reminder while a check-in waits: it then says only that (decision 1370).
    const skipLogged = loggedToday && !checkIn;
    const outcomeOf = (channel: ReminderChannel): ReminderOutcome =>
      optedOut(channel)
        ? 'opted_out'
        : skipLogged
          ? 'skipped_logged'
          : quiet
            ? 'skipped_quiet'
            : channel === 'email' && !row.email
              ? 'failed'
              : 'pending';
    const claims = schedule.channels.map((channel): Claim => {
      const outcome = outcomeOf(channel);
      const reason = outcome === 'failed' ? NO_EMAIL_REASON : null;
      return {
        patientId: schedule.patientId,
        localDate: due.localDate,
        channel,
        outcome,
        reason,
        dueAt: due.dueAt,
        at: now,
      };
    });
    const atRisk = monthAtRisk({
      needed: monthDataDaysNeeded(today.monthEnd),
      logged: today.days.length,
      daysLeft: daysBetween(today.clinicToday, today.monthEnd) + 1,
    });
    const checkInSays = !checkIn ? 'none' : loggedToday ? 'only' : 'too';
    return { claims, says: { atRisk, checkIn: checkInSays, link: reminderLink(config.PUBLIC_URL, checkIn?.id) } };
  }

  /**
   * The days each due schedule has to decide now. Nothing is owed from before the time the job was to look: the
   * schedule's save, the patient's return to care, or the next reminder's time it worked out last (decision 1370). A
   * schedule the job cannot read is left for the next minute, and leaves the others to go.
   */
  function plansOf(rows: Due[], now: Date): Planned[] {
    return rows.flatMap((row) => {
      try {
        return [{ row, plan: daysToDecide(row.schedule, now, row.lastDay, row.schedule.nextAt!) }];
      } catch (err) {
        log.error({ err, patient: row.schedule.patientId }, 'reminder not decided; tried again next minute');
        return [];
      }
    });
  }

  /** When the job next looks at a schedule: its next reminder's time after the days decided now. */
  function nextLook(row: Due, plan: ReturnType<typeof daysToDecide>, now: Date): Date {
    const decided = [row.lastDay, plan.missed.at(-1)?.localDate, plan.due?.localDate]
      .filter((d): d is string => !!d)
      .sort()
      .at(-1);
    return nextDueAt(row.schedule, now, decided ?? null) ?? new Date(now.getTime() + 86_400_000);
  }

  /** The channel's message in the schedule's language, and the outbox row that keeps it. */
  function written(row: Due, channel: ReminderChannel, says: Says) {
    const { schedule } = row;
    const language = schedule.language;
    const suppress = row.clinicCode === config.RESTRICTED_CLINIC_CODE;
    if (channel === 'sms') {
      const message: SmsMessage = { to: row.phone, text: reminderText({ language, ...says }), suppress };
      return { message, outgoing: smsOutgoing(message) };
    }
    if (channel === 'email') {
      const message = emailOf(schedule.patientId, row.email!, language, says, suppress);
      return { message, outgoing: mailOutgoing(message) };
    }
    const message: PushMessage = { patientId: schedule.patientId, payload: reminderPush({ language, ...says }) };
    return { message, outgoing: pushOutgoing(message, suppress) };
  }

  /** After the commit: the provider's answer sets the outcome (still queued without a provider counts as sent). */
  async function deliver(scope: ReturnType<typeof dataFor>, q: Queued) {
    const result =
      q.channel === 'sms'
        ? await sms.deliverQueued(q.outboxId, q.message as SmsMessage)
        : q.channel === 'email'
          ? await mailer.deliverQueued(q.outboxId, q.message as MailMessage)
          : await deliverPush({ db, clock, push }, scope, q.outboxId, q.message as PushMessage);
    const failed = result.status === 'failed';
    await scope.reminderDeliveries.finish([
      {
        id: q.claimId,
        outcome: failed ? 'failed' : 'sent',
        reason: failed ? (result.error ?? 'Delivery failed') : null,
        outboxId: q.outboxId,
      },
    ]);
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
            await tx.reminderDeliveries.finish([
              {
                id: p.id,
                outcome: optedOut ? 'opted_out' : 'failed',
                reason: optedOut ? null : LOST_REASON,
                outboxId: p.outboxId,
              },
            ]);
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
      const planned = plansOf(await data.reminderSchedules.due(now), now);
      // The reminders due now go first: after a long stop, every schedule also has the days missed meanwhile to
      // record, which can take minutes, and the reminders due now must not wait behind them.
      const catchingUp = (p: Planned) => !p.plan.due && p.plan.missed.length > 0;
      const batches = [...batchesOf(planned.filter((p) => !catchingUp(p))), ...batchesOf(planned.filter(catchingUp))];
      for (const batch of batches) {
        try {
          for (const q of await decide(batch, now)) deliveries.start(() => deliver(data, q));
        } catch (err) {
          // One schedule that cannot be decided leaves the others of its batch to go: each is tried alone.
          if (batch.length === 1) {
            log.error(
              { err, patient: batch[0]!.row.schedule.patientId },
              'reminder not decided; tried again next minute',
            );
            continue;
          }
          for (const one of batch) {
            try {
              for (const q of await decide([one], now)) deliveries.start(() => deliver(data, q));
            } catch (err) {
              log.error({ err, patient: one.row.schedule.patientId }, 'reminder not decided; tried again next minute');
            }
          }
        }
      }
      await deliveries.done();
    },
  };
}

/** The due schedules in batches of one clinic each, at most DECIDED_AT_ONCE a batch, in the order given. */
function batchesOf(plans: Planned[]): Planned[][] {
  const byClinic = new Map<number, Planned[]>();
  for (const p of plans) {
    const ofClinic = byClinic.get(p.row.schedule.clinicId);
    if (ofClinic) ofClinic.push(p);
    else byClinic.set(p.row.schedule.clinicId, [p]);
  }
  return [...byClinic.values()].flatMap((ofClinic) =>
    Array.from({ length: Math.ceil(ofClinic.length / DECIDED_AT_ONCE) }, (_, i) =>
      ofClinic.slice(i * DECIDED_AT_ONCE, (i + 1) * DECIDED_AT_ONCE),
    ),
  );
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
