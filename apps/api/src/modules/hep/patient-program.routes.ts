import { patientProgramEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The patient's own program (decisions 0400 and 1230): today's exercises and marking one done. */
export const patientProgramRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { patientProgram }) => {
  route(app, patientProgramEndpoints.today, ({ actor, ctx }) => patientProgram.today(actor, ctx));

  route(app, patientProgramEndpoints.logExercise, async ({ actor, body, ctx, answerWith }) => {
    const { log, created } = await patientProgram.log(actor, body, ctx);
    if (!created) answerWith(200);
    return log;
  });
};
