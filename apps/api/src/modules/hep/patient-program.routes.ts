import { exerciseLogBodySchema, exerciseLogSchema, patientAppPaths, todaySchema } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';

/** The patient's own program (product decisions §7): today's exercises and marking one done. */
export const patientProgramRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { patientProgram }) => {
  const tags = ['patient app'];
  const patient = authorize('patient');

  app.get(patientAppPaths.today, { schema: { tags, response: { 200: todaySchema } }, preHandler: patient }, (request) =>
    patientProgram.today(requireActor(request), requestContext(request)),
  );

  app.post(
    patientAppPaths.exerciseLogs,
    {
      schema: { tags, body: exerciseLogBodySchema, response: { 200: exerciseLogSchema, 201: exerciseLogSchema } },
      preHandler: patient,
    },
    async (request, reply) => {
      const { log, created } = await patientProgram.log(requireActor(request), request.body, requestContext(request));
      return reply.code(created ? 201 : 200).send(log);
    },
  );
};
