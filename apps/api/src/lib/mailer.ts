import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { type SendResult, sendThroughOutbox } from './outbox.ts';

export type MailMessage = { to: string; subject: string; text: string; suppress?: boolean };
export type Mailer = { send: (message: MailMessage) => Promise<SendResult> };

type MailerOptions = { db: Db; clock: Clock; smtpUrl?: string; from: string; log?: FastifyBaseLogger };

/** E-mail through the outbox, delivered by SMTP when `SMTP_URL` is set. */
export function createMailer({ db, clock, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    send: (message) =>
      sendThroughOutbox(
        { db, clock, log },
        {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          suppress: message.suppress,
        },
        transport
          ? async () => {
              await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
            }
          : undefined,
      ),
  };
}
