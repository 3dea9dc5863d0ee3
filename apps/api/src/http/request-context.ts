import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log and sessions record it. */
export type RequestContext = { ip: string | null; userAgent: string | null };

export const requestContext = (request: FastifyRequest): RequestContext => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});
