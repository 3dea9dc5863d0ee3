/**
 * The floor under every database route: a bare Fastify route (as bench/lib/bare-server.ts, same logger settings)
 * that also makes the one PostgreSQL round trip no route can skip, in a process of its own.
 *   - /read: one prepared statement (`select 1`), the least a read of stored data costs;
 *   - /read-audited: one prepared statement that reads and inserts an audit-like row, committed before the answer
 *     as every audited read is (decision 1101).
 *   - /replay/:key/:n: the statements the API sent for request n of route `key` (recorder.ts), sent again as they
 *     were, each pooled connection's in its order and the connections side by side; it answers every row read.
 * No route of the API can be faster than its floor; the routes benchmark prints both floors beside the routes.
 *
 *   DATABASE_URL=postgres://… PORT=3998 node --import tsx bench/routes/floor-server.ts
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { RecordedRequest } from './recorder.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(`create table if not exists bench_floor_events (
  id bigserial primary key, at timestamptz not null default now(), detail jsonb)`);

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, disableRequestLogging: true });
app.get('/read', async () => {
  const { rows } = await pool.query({ name: 'floor_read', text: 'select 1 as ok' });
  return { ok: rows[0].ok === 1 };
});
app.get('/read-audited', async () => {
  const { rows } = await pool.query({
    name: 'floor_read_audited',
    text: `with logged as (insert into bench_floor_events (detail) values ($1) returning id) select 1 as ok from logged`,
    values: [JSON.stringify({ route: '/read-audited' })],
  });
  return { ok: rows[0].ok === 1 };
});
const recorded: Record<string, RecordedRequest[]> = process.env.BENCH_REPLAY_FILE
  ? JSON.parse(readFileSync(process.env.BENCH_REPLAY_FILE, 'utf8'))
  : {};
app.get<{ Params: { key: string; n: string } }>('/replay/:key/:n', async (req, reply) => {
  const request = recorded[req.params.key]?.[Number(req.params.n)];
  if (!request) return reply.code(404).send({ error: 'nothing recorded' });
  const results = await Promise.all(
    request.map(async (statements) => {
      const client = await pool.connect();
      try {
        const rows: unknown[][] = [];
        for (const { name, text, values: recordedValues } of statements) {
          // A binary parameter is sent as bytes again, as node-postgres sends a Buffer.
          const values = recordedValues?.map((v) => (v && typeof v === 'object' ? Buffer.from(v.base64, 'base64') : v));
          const result = await client.query(values ? (name ? { name, text, values } : { text, values }) : { text });
          rows.push(result.rows ?? []);
        }
        return rows;
      } finally {
        client.release();
      }
    }),
  );
  return { results };
});
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
