import { patientAppEndpoints, patientSigninEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The patient's own calls (decision 0410): sign-in, profile, health readings and the clinic chat. */
export const patientAppRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { patientSignin, patientApp, rateLimits },
) => {
  route(app, patientSigninEndpoints.signin, ({ body, ctx }) => patientSignin.signInByPassword(body, ctx), {
    config: { rateLimit: rateLimits.auth },
  });

  route(app, patientAppEndpoints.me, ({ actor, ctx }) => patientApp.me(actor, ctx));

  route(app, patientAppEndpoints.healthData, ({ actor, body, ctx }) => patientApp.receiveHealthData(actor, body, ctx));

  route(app, patientAppEndpoints.chat, ({ actor, ctx }) => patientApp.chat(actor, ctx));
};
