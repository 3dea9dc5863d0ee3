import {
  hepAddBodySchema,
  hepDeleteBodySchema,
  hepDeletedSchema,
  hepItemParamsSchema,
  hepItemSchema,
  hepPaths,
  hepProgramParamsSchema,
  hepProgramSchema,
  hepSetOrderBodySchema,
  hepUpdateBodySchema,
  idParamsSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';

/** Staff build a patient's home exercise program (seed §7; the dashboard id is the patient's id). */
export const hepRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { hep }) => {
  const tags = ['home exercise programs'];
  // Permission matrix (product decisions §2): HEP edit is for staff; patients never change their program.
  const staff = authorize('therapist', 'manager', 'supervisor', 'admin');

  app.get(
    hepPaths.programRoute,
    { schema: { tags, params: hepProgramParamsSchema, response: { 200: hepProgramSchema } }, preHandler: staff },
    (request) => hep.get(requireActor(request), request.params.dashboardId, requestContext(request)),
  );

  app.post(
    hepPaths.programRoute,
    {
      schema: { tags, params: hepProgramParamsSchema, body: hepAddBodySchema, response: { 201: hepProgramSchema } },
      preHandler: staff,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await hep.add(requireActor(request), request.params.dashboardId, request.body, requestContext(request))),
  );

  app.patch(
    hepPaths.itemRoute,
    {
      schema: { tags, params: hepItemParamsSchema, body: hepUpdateBodySchema, response: { 200: hepItemSchema } },
      preHandler: staff,
    },
    (request) =>
      hep.update(
        requireActor(request),
        request.params.dashboardId,
        request.params.hepId,
        request.body,
        requestContext(request),
      ),
  );

  app.delete(
    hepPaths.programRoute,
    {
      schema: { tags, params: hepProgramParamsSchema, body: hepDeleteBodySchema, response: { 200: hepDeletedSchema } },
      preHandler: staff,
    },
    (request) =>
      hep.remove(requireActor(request), request.params.dashboardId, request.body.hep_ids, requestContext(request)),
  );

  app.post(
    hepPaths.restoreRoute,
    { schema: { tags, params: idParamsSchema, response: { 200: hepItemSchema } }, preHandler: staff },
    (request) => hep.restore(requireActor(request), request.params.id, requestContext(request)),
  );

  app.post(
    hepPaths.setOrder,
    { schema: { tags, body: hepSetOrderBodySchema, response: { 200: hepProgramSchema } }, preHandler: staff },
    (request) => hep.setOrder(requireActor(request), request.body.hep_ids, requestContext(request)),
  );
};
