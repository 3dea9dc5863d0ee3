import {
  authPaths,
  currentUserListSchema,
  detailSchema,
  resetPasswordBodySchema,
  resetPasswordConfirmBodySchema,
  settingsInfoSchema,
  signinBodySchema,
  signupBodySchema,
  signupResponseSchema,
  therapistListQuerySchema,
  therapistListSchema,
  tokenResponseSchema,
  toPage,
  userEnvelopeSchema,
} from '@rehabit/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { scopeOf } from '../../db/scope.ts';
import { authorize, requireActor, staffRoles } from '../../plugins/auth.ts';
import type { RequestContext } from './auth.service.ts';
import { createUsersRepository, toStaffMember } from './users.repository.ts';

export const requestContext = (request: FastifyRequest): RequestContext => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { auth, db, rateLimits, realtime }) => {
  const tags = ['auth'];
  const users = createUsersRepository(db);

  app.post(
    authPaths.signin,
    {
      schema: { tags, body: signinBodySchema, response: { 200: tokenResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    (request) => auth.signin(request.body, requestContext(request)),
  );

  app.post(
    authPaths.signup,
    {
      schema: { tags, body: signupBodySchema, response: { 201: signupResponseSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    async (request, reply) => reply.code(201).send(await auth.signup(request.body, requestContext(request))),
  );

  app.post(
    authPaths.logout,
    { schema: { tags, response: { 204: z.null() } }, preHandler: authorize() },
    async (request, reply) => {
      const actor = requireActor(request);
      await auth.logout(actor, request.sessionId!, requestContext(request));
      await realtime.disconnectUser(actor.id, { session: request.sessionId! });
      return reply.code(204).send(null);
    },
  );

  app.post(
    authPaths.resetPassword,
    {
      schema: { tags, body: resetPasswordBodySchema, response: { 202: detailSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    async (request, reply) =>
      reply.code(202).send(await auth.requestPasswordReset(request.body.email, requestContext(request))),
  );

  app.post(
    authPaths.resetPasswordConfirm,
    {
      schema: { tags, body: resetPasswordConfirmBodySchema, response: { 200: userEnvelopeSchema } },
      config: { rateLimit: rateLimits.auth },
    },
    async (request) => {
      const result = await auth.confirmPasswordReset(request.body, requestContext(request));
      await realtime.disconnectUser(result.user.id);
      return result;
    },
  );

  app.get(
    authPaths.users,
    { schema: { tags, response: { 200: currentUserListSchema } }, preHandler: authorize() },
    async (request) => {
      const user = await auth.currentUser(requireActor(request));
      return { count: 1, next: null, previous: null, results: [user] };
    },
  );

  app.patch(
    authPaths.cancelFeatureNotification,
    { schema: { tags, response: { 200: userEnvelopeSchema } }, preHandler: authorize() },
    (request) => auth.cancelNotification(requireActor(request), 'feature'),
  );

  app.patch(
    authPaths.cancelBillingNotification,
    { schema: { tags, response: { 200: userEnvelopeSchema } }, preHandler: authorize() },
    (request) => auth.cancelNotification(requireActor(request), 'billing'),
  );

  app.get(
    authPaths.settingsInfo,
    { schema: { tags, response: { 200: settingsInfoSchema } }, preHandler: authorize() },
    () => auth.settingsInfo(),
  );

  app.get(
    authPaths.therapists,
    {
      schema: { tags, querystring: therapistListQuerySchema, response: { 200: therapistListSchema } },
      preHandler: authorize(...staffRoles),
    },
    async (request) => {
      const actor = requireActor(request);
      const { search, role, has_access, page, page_size } = request.query;
      const { rows, count } = await users.listStaff(scopeOf(actor), {
        roles: role ? [role] : ['therapist', 'manager', 'supervisor'],
        status: 'approved',
        hasAccess: has_access,
        search,
        page,
        pageSize: page_size,
      });
      return toPage(rows.map(toStaffMember), count, { page, page_size });
    },
  );
};
