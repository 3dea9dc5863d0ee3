import {
  changeTherapistBodySchema,
  deleteInteractionBodySchema,
  detailSchema,
  icd10ListSchema,
  icd10QuerySchema,
  idParamsSchema,
  interactionListQuerySchema,
  interactionLogListSchema,
  interactionLogSchema,
  logInteractionBodySchema,
  onboardBodySchema,
  patientIdsBodySchema,
  patientListQuerySchema,
  patientListSchema,
  patientPaths,
  patientResultsSchema,
  patientSchema,
  qrRegistrationBodySchema,
  qrRegistrationResponseSchema,
  registerPatientBodySchema,
  rtmCoverageBodySchema,
  sendOtpBodySchema,
  toPage,
  updatePatientBodySchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';
import { searchIcd10 } from './icd10.repository.ts';

export const patientsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { patients, registration, rateLimits, db, realtime } = deps;
  const tags = ['patients'];
  // Permission matrix (product decisions §2): staff work on patients; removing one is for managers and up.
  const staff = authorize('therapist', 'manager', 'supervisor', 'admin');
  const removers = authorize('manager', 'supervisor', 'admin');

  app.get(
    patientPaths.list,
    { schema: { tags, querystring: patientListQuerySchema, response: { 200: patientListSchema } }, preHandler: staff },
    (request) => patients.list(requireActor(request), request.query, requestContext(request)),
  );

  app.get(
    patientPaths.detailRoute,
    { schema: { tags, params: idParamsSchema, response: { 200: patientSchema } }, preHandler: staff },
    (request) => patients.get(requireActor(request), request.params.id, requestContext(request)),
  );

  app.post(
    patientPaths.register,
    { schema: { tags, body: registerPatientBodySchema, response: { 201: patientSchema } }, preHandler: staff },
    async (request, reply) =>
      reply.code(201).send(await patients.register(requireActor(request), request.body, requestContext(request))),
  );

  app.put(
    patientPaths.updateRoute,
    {
      schema: { tags, params: idParamsSchema, body: updatePatientBodySchema, response: { 200: patientSchema } },
      preHandler: staff,
    },
    (request) => patients.update(requireActor(request), request.params.id, request.body, requestContext(request)),
  );

  app.post(
    patientPaths.onboardRoute,
    {
      schema: { tags, params: idParamsSchema, body: onboardBodySchema, response: { 200: patientSchema } },
      preHandler: staff,
    },
    (request) => patients.onboard(requireActor(request), request.params.id, request.body, requestContext(request)),
  );

  app.patch(
    patientPaths.discharge,
    { schema: { tags, body: patientIdsBodySchema, response: { 200: patientResultsSchema } }, preHandler: staff },
    (request) => patients.discharge(requireActor(request), request.body.patient_ids, requestContext(request)),
  );

  app.patch(
    patientPaths.reOnboard,
    { schema: { tags, body: patientIdsBodySchema, response: { 200: patientResultsSchema } }, preHandler: staff },
    (request) => patients.reOnboard(requireActor(request), request.body.patient_ids, requestContext(request)),
  );

  app.post(
    patientPaths.removeRoute,
    { schema: { tags, params: idParamsSchema, response: { 200: patientSchema } }, preHandler: removers },
    async (request) => {
      const removed = await patients.remove(requireActor(request), request.params.id, requestContext(request));
      if (removed.userId) await realtime.disconnectUser(removed.userId);
      return removed.patient;
    },
  );

  app.patch(
    patientPaths.changeTherapistRoute,
    {
      schema: { tags, params: idParamsSchema, body: changeTherapistBodySchema, response: { 200: patientSchema } },
      preHandler: staff,
    },
    (request) =>
      patients.changeTherapist(
        requireActor(request),
        request.params.id,
        request.body.therapist_id,
        requestContext(request),
      ),
  );

  app.patch(
    patientPaths.rtmCoverageRoute,
    {
      schema: { tags, params: idParamsSchema, body: rtmCoverageBodySchema, response: { 200: patientSchema } },
      preHandler: staff,
    },
    (request) =>
      patients.setRtmCoverage(
        requireActor(request),
        request.params.id,
        request.body.is_rtm_covered,
        requestContext(request),
      ),
  );

  app.get(
    patientPaths.interactionsRoute,
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: interactionListQuerySchema,
        response: { 200: interactionLogListSchema },
      },
      preHandler: staff,
    },
    (request) =>
      patients.listInteractions(
        requireActor(request),
        request.params.id,
        request.query.page,
        request.query.page_size,
        requestContext(request),
      ),
  );

  app.post(
    patientPaths.interactionsRoute,
    {
      schema: { tags, params: idParamsSchema, body: logInteractionBodySchema, response: { 201: interactionLogSchema } },
      preHandler: staff,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await patients.logInteraction(
            requireActor(request),
            request.params.id,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.post(
    patientPaths.deleteInteractionRoute,
    {
      schema: { tags, params: idParamsSchema, body: deleteInteractionBodySchema, response: { 204: z.null() } },
      preHandler: staff,
    },
    async (request, reply) => {
      await patients.deleteInteraction(
        requireActor(request),
        request.params.id,
        request.body.log,
        requestContext(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    patientPaths.icd10,
    { schema: { tags, querystring: icd10QuerySchema, response: { 200: icd10ListSchema } }, preHandler: authorize() },
    async (request) => {
      const { search, page, page_size } = request.query;
      const { rows, count } = await searchIcd10(db, search, page, page_size);
      return toPage(rows, count, { page, page_size });
    },
  );

  // Public: a patient registering from the clinic's QR code has no account yet.
  app.post(
    patientPaths.sendOtp,
    {
      schema: { tags, body: sendOtpBodySchema, response: { 202: detailSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    async (request, reply) => reply.code(202).send(await registration.sendOtp(request.body, requestContext(request))),
  );

  app.post(
    patientPaths.verifyOtp,
    {
      schema: { tags, body: verifyOtpBodySchema, response: { 200: verifyOtpResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    (request) => registration.verifyOtp(request.body, requestContext(request)),
  );

  app.post(
    patientPaths.qrRegistration,
    {
      schema: { tags, body: qrRegistrationBodySchema, response: { 201: qrRegistrationResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    async (request, reply) => reply.code(201).send(await registration.register(request.body, requestContext(request))),
  );
};
