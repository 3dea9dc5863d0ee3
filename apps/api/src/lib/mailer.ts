import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { type SendResult, sendThroughOutbox } from './outbox.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  suppress?: boolean;
  /** Extra headers for SMTP (e.g. `List-Unsubscribe`); the outbox keeps the message without them. */
  headers?: Record<string, string>;
};
/** `via`: the connection the outbox row is written through, e.g. the caller's transaction (the database's by default). */
export type Mailer = { send: (message: MailMessage, via?: DbOrTx) => Promise<SendResult> };

type MailerOptions = { db: Db; clock: Clock; smtpUrl?: string; from: string; log?: FastifyBaseLogger };

/** E-mail through the outbox, delivered by SMTP when `SMTP_URL` is set. */
export function createMailer({ db, clock, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    send: (message, via) =>
      sendThroughOutbox(
        { db: via ?? db, clock, log },
        {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          suppress: message.suppress,
        },
        transport
          ? async () => {
              await transport.sendMail({
                from,
                to: message.to,
                subject: message.subject,
                text: message.text,
                headers: message.headers,
              });
            }
          : undefined,
      ),
  };
}
