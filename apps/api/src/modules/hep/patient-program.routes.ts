import { patientProgramEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { PatientProgramService } from './patient-program.service.ts';

/** The patient's own program (decisions 0400 and 1230): today's exercises and marking one done. */
export const patientProgramRoutes: FastifyPluginAsyncZod<{ patientProgram: PatientProgramService }> = async (
  app,
  { patientProgram },
) => {
  route(app, patientProgramEndpoints.today, ({ actor, ctx }) => patientProgram.today(actor, ctx));

  route(app, patientProgramEndpoints.logExercise, async ({ actor, body, ctx, answerWith }) => {
    const { log, created } = await patientProgram.log(actor, body, ctx);
    if (!created) answerWith(200);
    return log;
  });
};
