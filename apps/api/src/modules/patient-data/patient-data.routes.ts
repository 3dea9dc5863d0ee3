import { patientDataEndpoints, patientProgramEndpoints, progressTrendEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { PatientDataService } from './patient-data.service.ts';

/** Patient data (decision 0400): progress weeks and functional data for staff, and the patient's own progress. */
export const patientDataRoutes: FastifyPluginAsyncZod<{ patientData: PatientDataService }> = async (
  app,
  { patientData },
) => {
  route(app, patientDataEndpoints.progress, ({ actor, params, query, ctx }) =>
    patientData.progress(actor, params.patientId, query.weeks_ago, ctx),
  );
  route(app, progressTrendEndpoints.progressTrend, ({ actor, params, ctx }) =>
    patientData.progressTrend(actor, params.patientId, ctx),
  );
  route(app, patientProgramEndpoints.progress, ({ actor, query, ctx }) =>
    patientData.ownProgress(actor, query.weeks_ago, ctx),
  );
  route(app, patientDataEndpoints.functionalData, ({ actor, params, ctx }) =>
    patientData.functionalData(actor, params.patientId, ctx),
  );
  route(app, patientDataEndpoints.addFunctionalData, ({ actor, params, body, ctx }) =>
    patientData.addFunctionalData(actor, params.patientId, body, ctx),
  );
  route(app, patientDataEndpoints.updateFunctionalData, ({ actor, params, body, ctx }) =>
    patientData.updateFunctionalData(actor, params.patientId, body, ctx),
  );
};
