import { patientProgramEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import type { Actor } from '../../db/scope.ts';
import { requestContext } from '../../http/request-context.ts';
import { checkAccess, route } from '../../http/route.ts';

/** The patient's own program (product decisions §7): today's exercises and marking one done. */
export const patientProgramRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { patientProgram }) => {
  route(app, patientProgramEndpoints.today, ({ actor, ctx }) => patientProgram.today(actor, ctx));

  // A log sent again answers 200 where a new one answers 201, two success statuses a descriptor does not express.
  const logExercise = patientProgramEndpoints.logExercise;
  app.route({
    method: logExercise.method,
    url: logExercise.path,
    schema: {
      tags: [logExercise.tag],
      body: logExercise.body,
      response: { 200: logExercise.response, 201: logExercise.response },
    },
    preHandler: async (request) => checkAccess(logExercise, request.actor),
    handler: async (request, reply) => {
      // The pre-handler has refused a caller who is not a signed-in patient.
      const actor = request.actor as Actor;
      const { log, created } = await patientProgram.log(actor, request.body, requestContext(request));
      return reply.code(created ? 201 : 200).send(log);
    },
  });
};
