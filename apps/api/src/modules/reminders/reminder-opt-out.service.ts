import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { dataFor } from '../data-access.ts';
import { patientOfUnsubscribeToken } from './unsubscribe-token.ts';

type Deps = {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  config: Pick<Config, 'APP_SECRET' | 'SMS_WEBHOOK_TOKEN'>;
};

/** The carriers' keywords (decision 1350), in English and Spanish; anything else is not an answer to us. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'PARAR', 'ALTO', 'BAJA']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'INICIO', 'ALTA']);

/** A phone number as the schedules match it: `+` and its digits. */
const e164Of = (phone: string) => `+${phone.replace(/\D/g, '')}`;

/** Opting out of reminders without signing in: a text reply, an e-mail's link (decision 1350). */
export function createReminderOptOutService({ db, clock, audit, config }: Deps) {
  const data = () => dataFor(db, crossClinic('reminder opt-out'));

  return {
    /** The SMS provider's call: the same bearer token as the outbound webhook, compared in constant time. */
    checkProvider(authorization: string | undefined) {
      const token = config.SMS_WEBHOOK_TOKEN;
      if (!token || !authorization || !safeEqual(authorization, `Bearer ${token}`)) {
        throw new AppError('unauthenticated', 'The SMS provider signs its calls with the webhook token');
      }
    },

    async smsReply(body: { from: string; body: string }, ctx: RequestContext) {
      // The first word, without punctuation ("Stop.", "STOP!"), in capitals.
      const word = (body.body.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}]/gu, '').toUpperCase();
      const allowed = STOP_WORDS.has(word) ? false : START_WORDS.has(word) ? true : undefined;
      if (allowed === undefined) {
        noteNothingChanged();
        return { action: 'ignored' as const, patients: 0 };
      }
      const changed = await data().transaction(async (tx) => {
        const rows = await tx.reminderSchedules.setSmsAllowed(e164Of(body.from), allowed, clock.now());
        for (const row of rows) {
          await audit.record(
            {
              action: 'reminder.sms_reply',
              outcome: 'success',
              clinicId: row.clinicId,
              patientId: row.patientId,
              ip: ctx.ip,
              detail: { reply: allowed ? 'start' : 'stop', channel: 'sms' },
            },
            tx.db,
          );
        }
        return rows.length;
      });
      if (changed === 0) noteNothingChanged();
      return { action: allowed ? ('started' as const) : ('stopped' as const), patients: changed };
    },

    /** Whether the token is one of ours (signed for a patient), without raising. */
    isOurToken: (token: string) => patientOfUnsubscribeToken(config.APP_SECRET, token) !== undefined,

    /** Whether the token is one of ours: the confirmation page shows before anything changes. */
    checkToken(token: string) {
      if (patientOfUnsubscribeToken(config.APP_SECRET, token) === undefined) {
        throw new AppError('invalid_token', 'This unsubscribe link is not valid');
      }
      return { unsubscribed: false };
    },

    async unsubscribe(token: string, ctx: RequestContext) {
      const patientId = patientOfUnsubscribeToken(config.APP_SECRET, token);
      if (patientId === undefined) throw new AppError('invalid_token', 'This unsubscribe link is not valid');
      await data().transaction(async (tx) => {
        const row = await tx.reminderSchedules.unsubscribeEmail(patientId, clock.now());
        if (!row) return noteNothingChanged();
        await audit.record(
          {
            action: 'reminder.email_unsubscribe',
            outcome: 'success',
            clinicId: row.clinicId,
            patientId: row.patientId,
            ip: ctx.ip,
            detail: { channel: 'email' },
          },
          tx.db,
        );
      });
      return { unsubscribed: true };
    },
  };
}

export type ReminderOptOutService = ReturnType<typeof createReminderOptOutService>;
