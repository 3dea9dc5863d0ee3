import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queueDepths } from '../jobs/queue-depth.ts';
import { safeEqual } from '../lib/tokens.ts';

const METRICS_PATH = '/metrics';

/**
 * The server's metrics in Prometheus's text format at `/metrics` (decision 1460), behind its own bearer token and
 * served only when `METRICS_TOKEN` is set: requests by route pattern (never the raw URL, which can carry PHI), their
 * latencies, the sockets connected to this server, the jobs waiting in each queue, and the process's own figures.
 * One registry per server, so two servers in one process (the tests) never mix their counts.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'rehabit_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'rehabit_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    new Gauge({
      name: 'rehabit_socket_connections',
      help: 'Socket.IO clients connected to this server',
      registers: [registry],
      collect() {
        this.set(app.realtime.io.engine.clientsCount);
      },
    });
    // Both queue gauges are collected at once in a scrape: they share its one query.
    let scrapeDepths: ReturnType<typeof queueDepths> | undefined;
    const depthsOfScrape = () => {
      scrapeDepths ??= queueDepths(app.db).finally(() => {
        scrapeDepths = undefined;
      });
      return scrapeDepths;
    };
    new Gauge({
      name: 'rehabit_job_queue_waiting',
      help: 'Jobs due in each queue and not yet taken (new, or due again after a failure)',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, waiting } of await depthsOfScrape()) this.set({ queue }, waiting);
      },
    });
    new Gauge({
      name: 'rehabit_job_queue_oldest_waiting_seconds',
      help: 'How long the oldest job due in each queue has waited to run',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, oldestSeconds } of await depthsOfScrape()) this.set({ queue }, oldestSeconds);
      },
    });

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== METRICS_PATH) {
        const labels = { method: request.method, route, status: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      }
      done();
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!safeEqual(given, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['core'] },
);
