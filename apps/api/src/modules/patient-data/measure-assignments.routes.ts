import { measureAssignmentEndpoints, patientMeasureEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { MeasureAssignmentsService } from './measure-assignments.service.ts';

/** Outcome measures the patient fills in (decision 1360): staff assign and stop them, the patient fills them in. */
export const measureAssignmentsRoutes: FastifyPluginAsyncZod<{
  measureAssignments: MeasureAssignmentsService;
}> = async (app, { measureAssignments }) => {
  route(app, measureAssignmentEndpoints.list, ({ actor, params, ctx }) =>
    measureAssignments.list(actor, params.patientId, ctx),
  );
  route(app, measureAssignmentEndpoints.assign, ({ actor, params, body, ctx }) =>
    measureAssignments.assign(actor, params.patientId, body, ctx),
  );
  route(app, measureAssignmentEndpoints.stop, ({ actor, params, ctx }) =>
    measureAssignments.stop(actor, params.patientId, params.assignmentId, ctx),
  );
  route(app, patientMeasureEndpoints.due, ({ actor, ctx }) => measureAssignments.due(actor, ctx));
  route(app, patientMeasureEndpoints.submit, async ({ actor, body, ctx, answerWith }) => {
    const { result, created } = await measureAssignments.submit(actor, body, ctx);
    if (!created) answerWith(200);
    return result;
  });
};
