import fp from 'fastify-plugin';
import { balancesRoutes } from './balances.routes.ts';
import { createBalancesService } from './balances.service.ts';

/** Staff pay of a month and its CSV (decision 1000). */
export const balancesModule = fp(
  async (app) => {
    const { clock, audit } = app;
    await app.register(balancesRoutes, { balances: createBalancesService({ clock, audit }) });
  },
  { name: 'balances', dependencies: ['core'] },
);
