import { rtmStatusEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** A patient's RTM status today, for the dashboard (decision 0803); the list carries it per row. */
export const rtmStatusRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { rtmStatus }) => {
  route(app, rtmStatusEndpoints.patient, ({ actor, params, ctx }) => rtmStatus.ofPatient(actor, params.id, ctx));
};
