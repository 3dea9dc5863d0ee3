import { authEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { RateLimitRule } from '../../plugins/core.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import type { AccountService } from './account.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionsService } from './sessions.service.ts';
import type { SigninService } from './signin.service.ts';
import type { SignupService } from './signup.service.ts';
import type { StaffListService } from './staff-list.service.ts';

type Options = {
  sessions: SessionsService;
  signin: SigninService;
  signup: SignupService;
  passwordReset: PasswordResetService;
  account: AccountService;
  staffList: StaffListService;
  realtime: Realtime;
  rateLimit: RateLimitRule;
};

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { sessions, signin, signup, passwordReset, account, staffList, realtime, rateLimit },
) => {
  const limited = { config: { rateLimit } };

  route(app, authEndpoints.signin, ({ body, ctx }) => signin.signin(body, ctx), limited);

  route(app, authEndpoints.signup, ({ body, ctx }) => signup.signup(body, ctx), limited);

  route(app, authEndpoints.logout, async ({ actor, request, ctx }) => {
    await sessions.logout(actor, request.sessionId!, ctx);
    await realtime.disconnectUser(actor.id, { session: request.sessionId! });
    return undefined;
  });

  route(
    app,
    authEndpoints.resetPassword,
    ({ body, ctx }) => passwordReset.requestPasswordReset(body.email, ctx),
    limited,
  );

  route(
    app,
    authEndpoints.resetPasswordConfirm,
    async ({ body, ctx }) => {
      const result = await passwordReset.confirmPasswordReset(body, ctx);
      await realtime.disconnectUser(result.user.id);
      return result;
    },
    limited,
  );

  route(app, authEndpoints.currentUser, async ({ actor }) => {
    const user = await account.currentUser(actor);
    return { count: 1, next: null, previous: null, results: [user] };
  });

  route(app, authEndpoints.cancelFeatureNotification, ({ actor }) => account.cancelNotification(actor, 'feature'));

  route(app, authEndpoints.cancelBillingNotification, ({ actor }) => account.cancelNotification(actor, 'billing'));

  route(app, authEndpoints.settingsInfo, ({ actor }) => account.settingsInfo(actor));

  route(app, authEndpoints.staffList, ({ actor, query }) => staffList.staffList(actor, query));
};
