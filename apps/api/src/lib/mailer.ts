import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Restricted demo accounts: recorded, never delivered. */
  suppress?: boolean;
};

export type Mailer = { send: (message: MailMessage) => Promise<{ id: number; status: string }> };

type MailerOptions = { db: Db; clock: Clock; smtpUrl?: string; from: string; log?: FastifyBaseLogger };

/**
 * Every message is first written to the outbox so nothing is lost; with SMTP configured it is then
 * delivered and marked sent (or failed, with the reason). Without SMTP it stays queued in the outbox.
 */
export function createMailer({ db, clock, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          status: message.suppress ? 'suppressed' : 'queued',
        })
        .returning({ id: outbox.id });
      const id = row!.id;
      if (message.suppress || !transport) return { id, status: message.suppress ? 'suppressed' : 'queued' };
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        await db.update(outbox).set({ status: 'sent', sentAt: clock.now(), attempts: 1 }).where(eq(outbox.id, id));
        return { id, status: 'sent' };
      } catch (err) {
        log?.warn({ err, outboxId: id }, 'e-mail delivery failed');
        await db
          .update(outbox)
          .set({ status: 'failed', attempts: 1, error: String((err as Error).message).slice(0, 500) })
          .where(eq(outbox.id, id));
        return { id, status: 'failed' };
      }
    },
  };
}
