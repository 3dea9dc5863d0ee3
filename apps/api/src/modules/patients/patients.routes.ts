import { patientEndpoints as endpoints, phoneCodeEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { RateLimitRule } from '../../plugins/core.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import type { PatientsService } from './patients.service.ts';
import type { RegistrationService } from './registration.service.ts';

type Options = {
  patients: PatientsService;
  registration: RegistrationService;
  realtime: Realtime;
  rateLimit: RateLimitRule;
};

export const patientsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { patients, registration, rateLimit, realtime },
) => {
  route(app, endpoints.list, ({ actor, query, ctx }) => patients.list(actor, query, ctx));
  route(app, endpoints.detail, ({ actor, params, ctx }) => patients.get(actor, params.id, ctx));
  route(app, endpoints.register, ({ actor, query, body, ctx }) =>
    patients.register(actor, body, query.clinic_code, ctx),
  );
  route(app, endpoints.update, ({ actor, params, body, ctx }) => patients.update(actor, params.id, body, ctx));
  route(app, endpoints.onboard, ({ actor, params, body, ctx }) => patients.onboard(actor, params.id, body, ctx));
  route(app, endpoints.discharge, ({ actor, body, ctx }) => patients.discharge(actor, body.patient_ids, ctx));
  route(app, endpoints.reOnboard, ({ actor, body, ctx }) => patients.reOnboard(actor, body.patient_ids, ctx));

  route(app, endpoints.remove, async ({ actor, params, ctx }) => {
    const removed = await patients.remove(actor, params.id, ctx);
    // The removed patient's sessions were revoked with the record; an open socket is closed here.
    if (removed.userId) await realtime.disconnectUser(removed.userId);
    return removed.patient;
  });

  route(app, endpoints.changeTherapist, ({ actor, params, body, ctx }) =>
    patients.changeTherapist(actor, params.id, body.therapist_id, ctx),
  );
  route(app, endpoints.rtmCoverage, ({ actor, params, body, ctx }) =>
    patients.setRtmCoverage(actor, params.id, body.is_rtm_covered, ctx),
  );

  route(app, endpoints.interactions, ({ actor, params, query, ctx }) =>
    patients.listInteractions(actor, params.id, query.page, query.page_size, ctx),
  );
  route(app, endpoints.logInteraction, ({ actor, params, body, ctx }) =>
    patients.logInteraction(actor, params.id, body, ctx),
  );
  route(app, endpoints.deleteInteraction, async ({ actor, params, body, ctx }) => {
    await patients.deleteInteraction(actor, params.id, body.log, ctx);
    return undefined; // 204: no body
  });

  route(app, endpoints.interactionNote, ({ actor, params, body, ctx }) =>
    patients.setInteractionNote(actor, params.id, body.log, body.notes, ctx),
  );

  route(app, endpoints.icd10, ({ actor, query }) =>
    patients.searchIcd10(actor, query.search, query.page, query.page_size),
  );

  // Public, and limited like sign-in: a patient registering from the clinic's QR code has no account yet.
  const limited = { config: { rateLimit } };
  route(app, phoneCodeEndpoints.sendOtp, ({ body, ctx }) => registration.sendOtp(body, ctx), limited);
  route(app, phoneCodeEndpoints.verifyOtp, ({ body, ctx }) => registration.verifyOtp(body, ctx), limited);
  route(app, endpoints.qrRegistration, ({ body, ctx }) => registration.register(body, ctx), limited);
};
