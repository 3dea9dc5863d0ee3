import { supervisorEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { RateLimitRule } from '../../plugins/core.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import type { SigninService } from '../auth/signin.service.ts';
import type { SupervisorService } from './supervisor.service.ts';

type Options = {
  signin: Pick<SigninService, 'supervisorSignin'>;
  supervisor: SupervisorService;
  realtime: Realtime;
  rateLimit: RateLimitRule;
};

export const supervisorRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { signin, supervisor, rateLimit, realtime },
) => {
  route(app, supervisorEndpoints.signin, ({ body, ctx }) => signin.supervisorSignin(body, ctx), {
    config: { rateLimit },
  });

  route(app, supervisorEndpoints.updateProfile, async ({ actor, body, request, ctx }) => {
    const updated = await supervisor.updateProfile(actor, request.sessionId!, body, ctx);
    // A new password ends the account's other sessions, and their sockets with them.
    if (body.new_password) await realtime.disconnectUser(actor.id, { except: request.sessionId! });
    return updated;
  });

  route(app, supervisorEndpoints.approvals, ({ actor, query }) => supervisor.listApprovals(actor, query));

  route(app, supervisorEndpoints.setApproval, async ({ actor, body, ctx }) => {
    const member = await supervisor.setApproval(actor, body, ctx);
    if (member.status !== 'approved') await realtime.disconnectUser(member.id);
    return member;
  });

  route(app, supervisorEndpoints.setAccess, async ({ actor, body, ctx }) => {
    const changed = await supervisor.setHasAccess(actor, body, ctx);
    // Ended sessions must not keep an open socket either.
    if (!body.has_access) for (const member of changed.results) await realtime.disconnectUser(member.id);
    return changed;
  });

  route(app, supervisorEndpoints.assignSupervisor, async ({ actor, body, ctx }) => {
    const { user, endedUserIds } = await supervisor.assignSupervisor(actor, body.user_id, ctx);
    for (const id of endedUserIds) await realtime.disconnectUser(id);
    return { user };
  });
};
