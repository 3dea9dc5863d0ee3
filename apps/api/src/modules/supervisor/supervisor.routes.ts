import { supervisorEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

export const supervisorRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { auth, supervisor, rateLimits, realtime },
) => {
  route(app, supervisorEndpoints.signin, ({ body, ctx }) => auth.supervisorSignin(body, ctx), {
    config: { rateLimit: rateLimits.auth },
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
