import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { deliverFromOutbox, type SendResult, sendThroughOutbox } from './outbox.ts';

/** A file an e-mail carries (decision 1415): its bytes go to the mail server only, never to the outbox or a log. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  suppress?: boolean;
  /** Extra headers for SMTP (e.g. `List-Unsubscribe`); the outbox keeps the message without them. */
  headers?: Record<string, string>;
  /** Files sent with the message; the outbox records their names, media types and sizes. */
  attachments?: MailAttachment[];
};
export type Mailer = {
  /** `via`: the connection the outbox row is written through (the database's by default); delivers at once. */
  send: (message: MailMessage, via?: DbOrTx) => Promise<SendResult>;
  /** Delivers a queued e-mail, outside any transaction: sent, or failed with the reason; still queued without SMTP. */
  deliverQueued: (id: number, message: MailMessage) => Promise<SendResult>;
};

/** An e-mail as the outbox keeps it: without its extra headers, and its attachments without their content. */
export const mailOutgoing = (message: MailMessage) => ({
  channel: 'email' as const,
  recipient: message.to,
  subject: message.subject,
  body: message.text,
  suppress: message.suppress,
  attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    size: content.byteLength,
  })),
});

type MailerOptions = { db: Db; clock: Clock; smtpUrl?: string; from: string; log?: FastifyBaseLogger };

/** E-mail through the outbox, delivered by SMTP when `SMTP_URL` is set. */
export function createMailer({ db, clock, smtpUrl, from, log }: MailerOptions): Mailer {
  // A server that stalls gives up well before a reminder's delivery lease (10 minutes, decision 1350) would hand the
  // message to another run: nodemailer waits up to 10 minutes on a silent socket by default.
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      })
    : undefined;
  const deliver = (message: MailMessage) => async () => {
    await transport!.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      headers: message.headers,
      attachments: message.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content: Buffer.from(content),
      })),
    });
  };
  return {
    send: (message, via) =>
      sendThroughOutbox({ db: via ?? db, clock, log }, mailOutgoing(message), transport ? deliver(message) : undefined),
    deliverQueued: async (id, message) =>
      transport ? deliverFromOutbox({ db, clock, log }, id, 'email', deliver(message)) : { id, status: 'queued' },
  };
}
