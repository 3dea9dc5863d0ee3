import { can, devEndpoints } from '@rehabit/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { latestOutboxMessages } from '../../lib/outbox.ts';
import { outboxPage, wantsPage } from './outbox-page.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The outbox holds one-time codes and password-reset links: a person at the server's own machine may read it, as
 * may a platform admin. A request a proxy forwarded is not "at the machine", whatever address it comes from.
 */
function mayReadOutbox(request: FastifyRequest) {
  if (request.actor && can(request.actor.role, 'platform.outbox')) return true;
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !forwarded && loopback.has(request.socket.remoteAddress ?? '');
}

/** Demo mode only: lets a person read the e-mails and texts that were not delivered anywhere. */
export const devRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    devEndpoints.outbox,
    async ({ query, request, reply }) => {
      const rows = await latestOutboxMessages(db, query.limit);
      const results = rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        attachments: row.attachments.map(({ filename, contentType, size }) => ({
          filename,
          content_type: contentType,
          size,
        })),
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
      // A browser gets the same messages as a page to read (decision 1251); the JSON stays for scripts and tests.
      if (wantsPage(request.headers.accept)) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(outboxPage(results));
      }
      return { results };
    },
    {
      // Where the request comes from, not a role, decides (decision 0500); the descriptor's access is public.
      preHandler: async (request) => {
        if (!mayReadOutbox(request)) {
          throw new AppError('forbidden', "The outbox is shown on the server's own machine or to a platform admin.");
        }
      },
    },
  );
};
