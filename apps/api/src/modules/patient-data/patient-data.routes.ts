import {
  functionalDataPatchBodySchema,
  functionalDataPostBodySchema,
  functionalDataSchema,
  functionalSeriesSchema,
  patientAppPaths,
  patientDataPaths,
  patientIdParamsSchema,
  progressQuerySchema,
  progressSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';

/** Seed §7 "Patient data": progress weeks and functional data for staff, and the patient's own progress. */
export const patientDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { patientData }) => {
  const tags = ['patient data'];
  // Permission matrix (product decisions §2): staff read and write patient data; a patient reads only their own.
  const staff = authorize('therapist', 'manager', 'supervisor', 'admin');

  app.get(
    patientDataPaths.progressRoute,
    {
      schema: {
        tags,
        params: patientIdParamsSchema,
        querystring: progressQuerySchema,
        response: { 200: progressSchema },
      },
      preHandler: staff,
    },
    (request) =>
      patientData.progress(
        requireActor(request),
        request.params.patientId,
        request.query.weeks_ago,
        requestContext(request),
      ),
  );

  app.get(
    patientAppPaths.progress,
    {
      schema: { tags: ['patient app'], querystring: progressQuerySchema, response: { 200: progressSchema } },
      preHandler: authorize('patient'),
    },
    (request) => patientData.ownProgress(requireActor(request), request.query.weeks_ago, requestContext(request)),
  );

  app.get(
    patientDataPaths.functionalDataRoute,
    { schema: { tags, params: patientIdParamsSchema, response: { 200: functionalDataSchema } }, preHandler: staff },
    (request) => patientData.functionalData(requireActor(request), request.params.patientId, requestContext(request)),
  );

  app.post(
    patientDataPaths.functionalDataRoute,
    {
      schema: {
        tags,
        params: patientIdParamsSchema,
        body: functionalDataPostBodySchema,
        response: { 201: functionalSeriesSchema },
      },
      preHandler: staff,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await patientData.addFunctionalData(
            requireActor(request),
            request.params.patientId,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.patch(
    patientDataPaths.functionalDataRoute,
    {
      schema: {
        tags,
        params: patientIdParamsSchema,
        body: functionalDataPatchBodySchema,
        response: { 200: functionalSeriesSchema },
      },
      preHandler: staff,
    },
    (request) =>
      patientData.updateFunctionalData(
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      ),
  );
};
