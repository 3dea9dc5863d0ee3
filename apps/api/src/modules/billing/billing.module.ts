import fp from 'fastify-plugin';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { billingClaimsRoutes } from './billing-claims.routes.ts';
import { createBillingClaimsService } from './billing-claims.service.ts';
import { billingFilesRoutes } from './billing-files.routes.ts';
import { type BillingFilesService, createBillingFilesService } from './billing-files.service.ts';
import { billingSettingsRoutes } from './billing-settings.routes.ts';
import { createBillingSettingsService } from './billing-settings.service.ts';
import { billingSignOffRoutes } from './billing-sign-off.routes.ts';
import { createBillingSignOffService } from './billing-sign-off.service.ts';
import { rtmStatusRoutes } from './rtm-status.routes.ts';
import { createRtmStatusService, type RtmStatusService } from './rtm-status.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each patient's RTM status: the patient list carries it per row, the dashboard counts it. */
    rtmStatus: RtmStatusService;
    /** The month close, run by the job queue. */
    monthClose: BillingFilesService['monthClose'];
  }
}

/** RTM billing: units and chart, the billing file and the month close, claims, settings, the sign-off, RTM status. */
export const billingModule = fp(
  async (app) => {
    const { db, clock, audit, config } = app;
    const billingFiles = createBillingFilesService({ db, clock, audit, config });
    const rtmStatus = createRtmStatusService({ clock, audit });
    app.decorate('rtmStatus', rtmStatus);
    app.decorate('monthClose', billingFiles.monthClose);
    await app.register(billingRoutes, { billing: createBillingService({ clock, audit }) });
    await app.register(billingFilesRoutes, { billingFiles });
    await app.register(billingClaimsRoutes, { billingClaims: createBillingClaimsService({ clock, audit }) });
    await app.register(billingSignOffRoutes, {
      billingSignOff: createBillingSignOffService({ clock, audit, config }),
    });
    await app.register(billingSettingsRoutes, { billingSettings: createBillingSettingsService({ clock, audit }) });
    await app.register(rtmStatusRoutes, { rtmStatus });
  },
  { name: 'billing', dependencies: ['core'] },
);
