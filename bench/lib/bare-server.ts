/**
 * The baseline of every route benchmark: a bare Fastify route, in a process of its own, with the API's production
 * logger settings (pino JSON at LOG_LEVEL, no per-request lines). It answers a small JSON body, as a route does.
 *
 *   PORT=3999 node --import tsx bench/lib/bare-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, disableRequestLogging: true });
app.get('/bare', async () => ({ ok: true }));
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => app.close().then(() => process.exit(0)));
