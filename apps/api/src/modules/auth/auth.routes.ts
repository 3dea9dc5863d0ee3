import { authEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { auth, rateLimits, realtime }) => {
  const limited = { config: { rateLimit: rateLimits.auth } };

  route(app, authEndpoints.signin, ({ body, ctx }) => auth.signin(body, ctx), limited);

  route(app, authEndpoints.signup, ({ body, ctx }) => auth.signup(body, ctx), limited);

  route(app, authEndpoints.logout, async ({ actor, request, ctx }) => {
    await auth.logout(actor, request.sessionId!, ctx);
    await realtime.disconnectUser(actor.id, { session: request.sessionId! });
    return undefined;
  });

  route(app, authEndpoints.resetPassword, ({ body, ctx }) => auth.requestPasswordReset(body.email, ctx), limited);

  route(
    app,
    authEndpoints.resetPasswordConfirm,
    async ({ body, ctx }) => {
      const result = await auth.confirmPasswordReset(body, ctx);
      await realtime.disconnectUser(result.user.id);
      return result;
    },
    limited,
  );

  route(app, authEndpoints.currentUser, async ({ actor }) => {
    const user = await auth.currentUser(actor);
    return { count: 1, next: null, previous: null, results: [user] };
  });

  route(app, authEndpoints.cancelFeatureNotification, ({ actor }) => auth.cancelNotification(actor, 'feature'));

  route(app, authEndpoints.cancelBillingNotification, ({ actor }) => auth.cancelNotification(actor, 'billing'));

  route(app, authEndpoints.settingsInfo, () => auth.settingsInfo());

  route(app, authEndpoints.staffList, ({ actor, query }) => auth.staffList(actor, query));
};
