import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../db/scope.ts';
import type { ResolvedSession } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    sessionId: number | null;
  }
}

/** Accepts `Authorization: Bearer <token>` (and Django's `Token <token>` for older clients). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer|Token)\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Resolves the caller from the bearer token on every request; routes then demand what they need. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessions } = app;
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionId', null);
    const accept = (request: FastifyRequest, session: ResolvedSession | null) => {
      if (!session) return;
      request.actor = session.actor;
      request.sessionId = session.sessionId;
    };
    // A session checked a moment ago is known at once: the hook waits on nothing then (decision 1465).
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token) return done();
      let found: ReturnType<typeof sessions.resolveSession>;
      try {
        found = sessions.resolveSession(token);
      } catch (error) {
        return done(error as Error);
      }
      if (!(found instanceof Promise)) {
        accept(request, found);
        return done();
      }
      found.then((session) => {
        accept(request, session);
        done();
      }, done);
    });
  },
  { name: 'bearer-auth', dependencies: ['core'] },
);
