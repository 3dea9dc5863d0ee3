import { programTemplateEndpoints as endpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { ProgramTemplatesService } from './program-templates.service.ts';

/** Program templates and the shipped protocols (decisions 1400, 1401). */
export const programTemplatesRoutes: FastifyPluginAsyncZod<{ templates: ProgramTemplatesService }> = async (
  app,
  { templates },
) => {
  route(app, endpoints.list, ({ actor, query, ctx }) => templates.list(actor, query, ctx));
  route(app, endpoints.detail, ({ actor, params, ctx }) => templates.get(actor, params.id, ctx));
  route(app, endpoints.protocol, ({ actor, params, ctx }) => templates.protocol(actor, params.key, ctx));
  route(app, endpoints.create, ({ actor, body, ctx }) => templates.create(actor, body, ctx));
  route(app, endpoints.saveFromProgram, ({ actor, params, body, ctx }) =>
    templates.saveFromProgram(actor, params.id, body, ctx),
  );
  route(app, endpoints.update, ({ actor, params, body, ctx }) => templates.update(actor, params.id, body, ctx));
  route(app, endpoints.retire, ({ actor, params, body, ctx }) => templates.retire(actor, params.id, body.retired, ctx));
  route(app, endpoints.apply, ({ actor, params, body, ctx }) => templates.apply(actor, params.id, body, ctx));
};
