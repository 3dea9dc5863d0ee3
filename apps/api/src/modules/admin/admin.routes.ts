import { adminPaths, deliveryStatusSchema } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { deliveryStatus } from '../../lib/delivery.ts';
import { authorize } from '../../plugins/auth.ts';

/** The platform admin's view of how the portal is set up. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config }) => {
  app.get(
    adminPaths.deliveryStatus,
    { schema: { tags: ['admin'], response: { 200: deliveryStatusSchema } }, preHandler: authorize('admin') },
    async () => deliveryStatus(config),
  );
};
