import { monitoringEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** A clinician's monitored time on a patient (seed §4, §7): a session's start, its heart-beats and its end. */
export const monitoringRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { monitoring }) => {
  route(app, monitoringEndpoints.start, ({ actor, body, ctx }) => monitoring.start(actor, body.user_id, ctx));
  route(app, monitoringEndpoints.update, ({ actor, params, body, ctx }) =>
    monitoring.update(actor, params.monitoringId, body, ctx),
  );
};
