import fp from 'fastify-plugin';
import { referralRoutes } from './referral.routes.ts';
import { createReferralService, type ReferralService } from './referral.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An invited colleague's steps, run inside the sign-up's and the approval's transactions. */
    referralSteps: ReferralService['steps'];
  }
}

/** Invitations of colleagues by e-mail, followed to sign-up and approval (decision 1010). */
export const referralModule = fp(
  async (app) => {
    const { clock, mailer, audit, config } = app;
    const referral = createReferralService({ clock, mailer, audit, config });
    app.decorate('referralSteps', referral.steps);
    await app.register(referralRoutes, { referral });
  },
  { name: 'referral', dependencies: ['core'] },
);
