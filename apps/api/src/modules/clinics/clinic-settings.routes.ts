import { clinicSettingsEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { ClinicSettingsService } from './clinic-settings.service.ts';

/** The clinic's own details, changed by its supervisor or an admin. */
export const clinicSettingsRoutes: FastifyPluginAsyncZod<{ clinicSettings: ClinicSettingsService }> = async (
  app,
  { clinicSettings },
) => {
  route(app, clinicSettingsEndpoints.changeDetails, ({ actor, params, body, ctx }) =>
    clinicSettings.changeDetails(actor, params.clinicCode, body, ctx),
  );
  route(app, clinicSettingsEndpoints.logo, ({ actor, params }) => clinicSettings.logo(actor, params.clinicCode));
  route(app, clinicSettingsEndpoints.changeLogo, ({ actor, params, body, ctx }) =>
    clinicSettings.changeLogo(actor, params.clinicCode, body, ctx),
  );
  route(app, clinicSettingsEndpoints.removeLogo, ({ actor, params, ctx }) =>
    clinicSettings.changeLogo(actor, params.clinicCode, null, ctx),
  );
};
