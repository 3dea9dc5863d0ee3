import { healthEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Pick<Database, 'ping'> }> = async (app, { database }) => {
  route(app, healthEndpoints.health, () => ({ status: 'ok' as const }));

  route(app, healthEndpoints.ready, async ({ request, reply }) => {
    try {
      await database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new AppError('database_unavailable', 'The database does not answer');
    }
    return { status: 'ok' as const };
  });
};
