import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';

const statusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/ready', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async (request, reply) => {
    try {
      await database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      reply.header('Retry-After', '5');
      throw new AppError('database_unavailable', 'The database does not answer');
    }
    return { status: 'ok' as const };
  });
};
