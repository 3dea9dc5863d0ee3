import { patientAppEndpoints, patientSigninEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { RateLimitRule } from '../../plugins/core.ts';
import type { PatientAppService } from './patient-app.service.ts';
import type { PatientSigninService } from './patient-signin.service.ts';

/** The patient's own calls (decision 0410): sign-in, profile, health readings and the clinic chat. */
export const patientAppRoutes: FastifyPluginAsyncZod<{
  patientSignin: PatientSigninService;
  patientApp: PatientAppService;
  rateLimit: RateLimitRule;
}> = async (app, { patientSignin, patientApp, rateLimit }) => {
  route(app, patientSigninEndpoints.signin, ({ body, ctx }) => patientSignin.signInByPassword(body, ctx), {
    config: { rateLimit },
  });

  route(app, patientAppEndpoints.me, ({ actor, ctx }) => patientApp.me(actor, ctx));

  route(app, patientAppEndpoints.healthData, ({ actor, body, ctx }) => patientApp.receiveHealthData(actor, body, ctx));

  route(app, patientAppEndpoints.chat, ({ actor, ctx }) => patientApp.chat(actor, ctx));
};
