import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

/** `/health` and `/ready`. */
export const healthModule = fp(
  async (app) => {
    await app.register(healthRoutes, { database: app.database });
  },
  { name: 'health', dependencies: ['core'] },
);
