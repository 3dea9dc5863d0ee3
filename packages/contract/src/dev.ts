import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** How a message leaves the clinic: an e-mail, a text message, or a push notification (decision 1365). */
export const messageChannels = ['email', 'sms', 'push'] as const;

export type MessageChannel = (typeof messageChannels)[number];

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(messageChannels),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** The files an e-mail carried (decision 1415): their names, media types and sizes, never their content. */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  status: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });

export const devEndpoints = defineEndpoints('dev', {
  /**
   * Demo mode only: the e-mails and texts that were not delivered anywhere. No role gives access: the API lets
   * in the server's own machine or a platform admin (decision 0500), a rule of where the request comes from.
   */
  outbox: {
    method: 'GET',
    path: '/dev/outbox',
    access: 'public',
    query: outboxQuerySchema,
    status: 200,
    response: z.object({ results: z.array(outboxMessageSchema) }),
  },
});
