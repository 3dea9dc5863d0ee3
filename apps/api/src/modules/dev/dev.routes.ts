import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { outbox } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
});

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The outbox holds one-time codes and password-reset links: a person at the server's own machine may read it, as
 * may a platform admin. A request a proxy forwarded is not "at the machine", whatever address it comes from.
 */
function mayReadOutbox(request: FastifyRequest) {
  if (request.actor?.role === 'admin') return true;
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !forwarded && loopback.has(request.socket.remoteAddress ?? '');
}

/** Demo mode only: lets a person read the e-mails and texts that were not delivered anywhere. */
export const devRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      preHandler: async (request) => {
        if (!mayReadOutbox(request)) {
          throw new AppError('forbidden', "The outbox is shown on the server's own machine or to a platform admin.");
        }
      },
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
