import { monitoringEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { MonitoringService } from './monitoring.service.ts';

/**
 * A clinician's monitored time on a patient (decisions 0700, 0702): a session's start, its heart-beats and its end;
 * a month's minutes with the sessions and calls behind them, and their audit CSV.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  app,
  { monitoring },
) => {
  route(app, monitoringEndpoints.start, ({ actor, body, ctx }) =>
    monitoring.start(actor, body.user_id, body.context, ctx),
  );
  route(app, monitoringEndpoints.update, ({ actor, params, body, ctx }) =>
    monitoring.update(actor, params.monitoringId, body, ctx),
  );
  route(app, monitoringEndpoints.month, ({ actor, params, query, ctx }) =>
    monitoring.monthOfPatient(actor, params.id, query, ctx),
  );
  route(app, monitoringEndpoints.exportPatient, ({ actor, params, query, ctx }) =>
    monitoring.exportPatient(actor, params.id, query, ctx),
  );
  route(app, monitoringEndpoints.exportClinic, ({ actor, query, ctx }) => monitoring.exportClinic(actor, query, ctx));
};
