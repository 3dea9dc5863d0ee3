import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { outbox } from '../../db/schema.ts';

const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/** Demo mode only: lets a person read the e-mails and texts that were not delivered anywhere. */
export const devRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: z.object({ results: z.array(outboxMessageSchema) }) },
      },
    },
    async (request) => {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(request.query.limit);
      return {
        results: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          status: row.status,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
