import { hepEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { HandoutService } from './handout.service.ts';
import type { HepService } from './hep.service.ts';

/** Staff build a patient's home exercise program (decision 0400: the dashboard id is the patient's id). */
export const hepRoutes: FastifyPluginAsyncZod<{ hep: HepService; handout: HandoutService }> = async (
  app,
  { hep, handout },
) => {
  route(app, hepEndpoints.program, ({ actor, params, ctx }) => hep.get(actor, params.dashboardId, ctx));
  route(app, hepEndpoints.add, ({ actor, params, body, ctx }) => hep.add(actor, params.dashboardId, body, ctx));
  route(app, hepEndpoints.update, ({ actor, params, body, ctx }) =>
    hep.update(actor, params.dashboardId, params.hepId, body, ctx),
  );
  route(app, hepEndpoints.remove, ({ actor, params, body, ctx }) =>
    hep.remove(actor, params.dashboardId, body.hep_ids, ctx),
  );
  route(app, hepEndpoints.restore, ({ actor, params, ctx }) => hep.restore(actor, params.id, ctx));
  route(app, hepEndpoints.setOrder, ({ actor, body, ctx }) => hep.setOrder(actor, body.hep_ids, ctx));
  route(app, hepEndpoints.handout, ({ actor, params, query, ctx }) =>
    handout.download(actor, params.id, query.language, ctx),
  );
  route(app, hepEndpoints.handoutEmail, ({ actor, params, body, ctx }) =>
    handout.email(actor, params.id, body.language, ctx),
  );
};
