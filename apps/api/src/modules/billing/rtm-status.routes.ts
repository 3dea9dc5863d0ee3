import { rtmStatusEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { RtmStatusService } from './rtm-status.service.ts';

/** A patient's RTM status today, for the dashboard (decision 0803); the list carries it per row. */
export const rtmStatusRoutes: FastifyPluginAsyncZod<{ rtmStatus: RtmStatusService }> = async (app, { rtmStatus }) => {
  route(app, rtmStatusEndpoints.patient, ({ actor, params, ctx }) => rtmStatus.ofPatient(actor, params.id, ctx));
};
