import { clinicSettingsEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The clinic's own details, changed by its supervisor or an admin. */
export const clinicSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { clinicSettings }) => {
  route(app, clinicSettingsEndpoints.changeDetails, ({ actor, params, body, ctx }) =>
    clinicSettings.changeDetails(actor, params.clinicCode, body, ctx),
  );
};
