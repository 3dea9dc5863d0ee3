import {
  healthDataBodySchema,
  healthDataResultSchema,
  patientAppPaths,
  patientChatSchema,
  patientMeSchema,
  patientSigninBodySchema,
  tokenResponseSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';

/** The patient's own calls (product decisions §7): sign-in, profile, health readings and the clinic chat. */
export const patientAppRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { patientSignin, patientApp, rateLimits },
) => {
  const tags = ['patient app'];
  const patient = authorize('patient');

  app.post(
    patientAppPaths.signin,
    {
      schema: { tags, body: patientSigninBodySchema, response: { 200: tokenResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    (request) => patientSignin.signInByPassword(request.body, requestContext(request)),
  );

  app.get(
    patientAppPaths.me,
    { schema: { tags, response: { 200: patientMeSchema } }, preHandler: patient },
    (request) => patientApp.me(requireActor(request), requestContext(request)),
  );

  app.post(
    patientAppPaths.healthData,
    {
      schema: { tags, body: healthDataBodySchema, response: { 200: healthDataResultSchema } },
      preHandler: patient,
    },
    (request) => patientApp.receiveHealthData(requireActor(request), request.body, requestContext(request)),
  );

  app.get(
    patientAppPaths.chat,
    { schema: { tags, response: { 200: patientChatSchema } }, preHandler: patient },
    (request) => patientApp.chat(requireActor(request), requestContext(request)),
  );
};
