import fp from 'fastify-plugin';
import { createAccountService } from './account.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createSigninService, type SigninService } from './signin.service.ts';
import { createSignupService } from './signup.service.ts';
import { createStaffListService } from './staff-list.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-ins by password, and a patient's session after a phone code (the patient app signs in through it). */
    signin: SigninService;
  }
}

/**
 * Staff sign-in, sign-up, password reset, the signed-in account and the staff list. The sessions themselves are the
 * core's: every request and socket is checked against them before any module runs.
 */
export const authModule = fp(
  async (app) => {
    const { db, clock, mailer, audit, config, sessions, realtime } = app;
    const signin = createSigninService({ db, clock, audit, sessions });
    app.decorate('signin', signin);
    await app.register(authRoutes, {
      sessions,
      signin,
      signup: createSignupService({
        db,
        mailer,
        audit,
        config,
        tasks: app.taskRules,
        referrals: app.referralSteps,
      }),
      passwordReset: createPasswordResetService({ db, clock, mailer, audit, config }),
      account: createAccountService(),
      staffList: createStaffListService(),
      realtime,
      rateLimit: app.rateLimits.auth,
    });
  },
  { name: 'auth', dependencies: ['core', 'tasks', 'referral'] },
);
