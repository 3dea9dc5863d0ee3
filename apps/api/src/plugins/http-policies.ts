import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/errors.ts';
import { connectRedis } from '../lib/redis.ts';
import { registerCompression } from './compression.ts';
import { contentSecurityPolicy } from './security.ts';

/**
 * What every answer goes through, registered before any route: security headers, CORS, compression, the rate
 * limiter (its rules are the routes' own), the request log by route pattern, and no-store on API answers.
 */
export const httpPolicies = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    // Security headers from helmet's middleware, built once (the Fastify plugin built it again for every request).
    const securityHeaders = helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(config) } });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
    await app.register(cors, {
      origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
      credentials: true,
      // The sign-in screens count down the wait a refusal names (decision 1295): the page must be able to read it.
      exposedHeaders: ['Retry-After'],
    });
    // Before every route: compression hooks onto the routes registered after it.
    await registerCompression(app);
    const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    await app.register(rateLimit, {
      global: false,
      // Shared counters across servers when Redis is there, under the portal's own prefix (decision 1455); a Redis
      // outage must not block sign-in.
      ...(redis ? { redis, skipOnError: true, nameSpace: `${config.REDIS_KEY_PREFIX}-rate-limit-` } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('rate_limited', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
    });
    // Hooks of every request take a callback rather than a promise: they do no waiting of their own (decision 1465).
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      // API answers carry PHI: never let a browser or proxy keep them. Static files set their own policy.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'http-policies', dependencies: ['core'] },
);
