import fp from 'fastify-plugin';
import { devRoutes } from './dev.routes.ts';

/** The demo outbox (decisions 0500, 1251): in demo mode only. */
export const devModule = fp(
  async (app) => {
    if (app.config.isDemo) await app.register(devRoutes, { db: app.db });
  },
  { name: 'dev', dependencies: ['core'] },
);
