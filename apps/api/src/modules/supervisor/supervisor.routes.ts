import {
  approvalBodySchema,
  approvalListSchema,
  approvalQuerySchema,
  hasAccessBodySchema,
  staffListEnvelopeSchema,
  staffMemberSchema,
  supervisorPaths,
  supervisorProfileBodySchema,
  supervisorSigninBodySchema,
  tokenResponseSchema,
  updateSupervisorBodySchema,
  userEnvelopeSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { authorize, requireActor } from '../../plugins/auth.ts';
import { requestContext } from '../auth/auth.routes.ts';

export const supervisorRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { auth, supervisor, rateLimits, realtime },
) => {
  const tags = ['supervisor'];
  const supervisorOrAdmin = authorize('supervisor', 'admin');

  app.post(
    supervisorPaths.signin,
    {
      schema: { tags, body: supervisorSigninBodySchema, response: { 200: tokenResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    (request) => auth.supervisorSignin(request.body, requestContext(request)),
  );

  app.patch(
    supervisorPaths.profile,
    {
      schema: { tags, body: supervisorProfileBodySchema, response: { 200: userEnvelopeSchema } },
      preHandler: authorize('supervisor'),
    },
    async (request) => {
      const actor = requireActor(request);
      const updated = await supervisor.updateProfile(actor, request.sessionId!, request.body, requestContext(request));
      // A new password ends the account's other sessions, and their sockets with them.
      if (request.body.new_password) await realtime.disconnectUser(actor.id, { except: request.sessionId! });
      return updated;
    },
  );

  app.get(
    supervisorPaths.approval,
    {
      schema: { tags, querystring: approvalQuerySchema, response: { 200: approvalListSchema } },
      preHandler: supervisorOrAdmin,
    },
    (request) => supervisor.listApprovals(requireActor(request), request.query),
  );

  app.patch(
    supervisorPaths.approval,
    {
      schema: { tags, body: approvalBodySchema, response: { 200: staffMemberSchema } },
      preHandler: supervisorOrAdmin,
    },
    async (request) => {
      const member = await supervisor.setApproval(requireActor(request), request.body, requestContext(request));
      if (member.status !== 'approved') await realtime.disconnectUser(member.id);
      return member;
    },
  );

  app.patch(
    supervisorPaths.hasAccess,
    {
      schema: { tags: ['admin'], body: hasAccessBodySchema, response: { 200: staffListEnvelopeSchema } },
      preHandler: supervisorOrAdmin,
    },
    async (request) => {
      const changed = await supervisor.setHasAccess(requireActor(request), request.body, requestContext(request));
      // Ended sessions must not keep an open socket either.
      if (!request.body.has_access) for (const member of changed.results) await realtime.disconnectUser(member.id);
      return changed;
    },
  );

  app.patch(
    supervisorPaths.updateSupervisor,
    {
      schema: {
        tags: ['admin'],
        body: updateSupervisorBodySchema,
        response: { 200: z.object({ user: staffMemberSchema }) },
      },
      preHandler: supervisorOrAdmin,
    },
    async (request) => {
      const { user, endedUserIds } = await supervisor.assignSupervisor(
        requireActor(request),
        request.body.user_id,
        requestContext(request),
      );
      for (const id of endedUserIds) await realtime.disconnectUser(id);
      return { user };
    },
  );
};
