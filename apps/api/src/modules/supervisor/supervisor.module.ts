import fp from 'fastify-plugin';
import { supervisorRoutes } from './supervisor.routes.ts';
import { createSupervisorService } from './supervisor.service.ts';

/** The supervisor's sign-in by clinic code and profile, approvals, access, and the hand-over of the role. */
export const supervisorModule = fp(
  async (app) => {
    const { clock, mailer, audit, config } = app;
    const supervisor = createSupervisorService({
      clock,
      mailer,
      audit,
      config,
      tasks: app.taskRules,
      referrals: app.referralSteps,
    });
    await app.register(supervisorRoutes, {
      signin: app.signin,
      supervisor,
      realtime: app.realtime,
      rateLimit: app.rateLimits.auth,
    });
  },
  { name: 'supervisor', dependencies: ['core', 'auth', 'tasks', 'referral'] },
);
