import { adminClinicsEndpoints, clinicSettingsEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { PlatformClinicsService } from './platform-clinics.service.ts';
import type { SupportAccountService } from './support-account.service.ts';

/** The platform admin's clinics and the platform's support account. */
export const platformRoutes: FastifyPluginAsyncZod<{
  platformClinics: PlatformClinicsService;
  supportAccount: SupportAccountService;
}> = async (app, { platformClinics, supportAccount }) => {
  route(app, adminClinicsEndpoints.list, ({ actor, query }) => platformClinics.list(actor, query));
  route(app, adminClinicsEndpoints.choices, ({ actor, query }) => platformClinics.choices(actor, query));
  route(app, adminClinicsEndpoints.create, ({ actor, body, ctx }) => platformClinics.create(actor, body, ctx));
  route(app, adminClinicsEndpoints.detail, ({ actor, params, ctx }) =>
    platformClinics.detail(actor, params.clinicCode, ctx),
  );
  route(app, clinicSettingsEndpoints.supportAccount, () => supportAccount.supportAccount());
  route(app, clinicSettingsEndpoints.changeSupportAccount, ({ actor, body, ctx }) =>
    supportAccount.changeSupportAccount(actor, body.user_id, ctx),
  );
};
