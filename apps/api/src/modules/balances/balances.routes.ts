import { balancesEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BalancesService } from './balances.service.ts';

/** Staff balances (issue #17): a month's monitored time and pay per staff member, and its CSV. */
export const balancesRoutes: FastifyPluginAsyncZod<{ balances: BalancesService }> = async (app, { balances }) => {
  route(app, balancesEndpoints.read, ({ actor, query, ctx }) => balances.read(actor, query, ctx));
  route(app, balancesEndpoints.export, ({ actor, query, ctx }) => balances.export(actor, query, ctx));
};
