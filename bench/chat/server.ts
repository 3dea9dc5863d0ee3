/**
 * The server side of the chat benchmark, in a process of its own so that the 200 measuring clients do not share
 * its event loop: `relay` is a bare Socket.IO relay (no auth, no database), `stored-relay` the same relay committing
 * each message to PostgreSQL (`BENCH_CHAT_DATABASE_URL`, one insert) before it relays it, `rehabit` the real API on
 * `BENCH_CHAT_DATABASE_URL` (already migrated and seeded by the runner), logging as in production. Both listen on
 * PORT and answer `GET /health` when ready. The relay answers the same `send_message` event with the same payload
 * and acknowledgement as Rehabit.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { testConfig } from '../../apps/api/test/helpers.ts';

/** A relay; with `store`, each message is inserted and committed before it is relayed, as a chat that loses none. */
async function relay(store?: pg.Pool) {
  const http = createServer((req, res) => {
    if (req.url === '/health') res.end('{"status":"ok"}');
  });
  const io = new Server(http);
  io.on('connection', (socket) => {
    const room = `clinic-${socket.handshake.auth.clinic}`;
    socket.join(room);
    let id = 0;
    // The same payload as Rehabit's saved message, so both sides encode and parse as much.
    socket.on('send_message', async (body: { session: number; message: string }, ack: (reply: object) => void) => {
      let saved: { id: number; created_at: Date };
      try {
        saved = store
          ? (
              await store.query<{ id: number; created_at: Date }>({
                name: 'relay_store',
                text: 'insert into bench_relay_messages (session, message) values ($1, $2) returning id::int, created_at',
                values: [body.session, body.message],
              })
            ).rows[0]!
          : { id: ++id, created_at: new Date() };
      } catch (error) {
        // Refused as Rehabit refuses a send it could not save: the sender's acknowledgement says so.
        ack({ error: (error as Error).message });
        return;
      }
      const message = {
        id: saved.id,
        session: body.session,
        message: body.message,
        sender: { id: 1, display_name: 'Staff 0-20', role: 'therapist' },
        created_at: saved.created_at.toISOString(),
        client_id: null,
      };
      io.to(room).emit('new_message', message);
      ack({ message });
    });
  });
  await new Promise<void>((r) => http.listen(port, '127.0.0.1', r));
}

function databaseUrlOf() {
  const databaseUrl = process.env.BENCH_CHAT_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_CHAT_DATABASE_URL is not set');
  return databaseUrl;
}

async function storedRelay() {
  // As many connections as the API's pool.
  const store = new pg.Pool({ connectionString: databaseUrlOf(), max: 10 });
  await store.query(`create table if not exists bench_relay_messages (
    id bigserial primary key, session int not null, message text not null, created_at timestamptz not null default now())`);
  await relay(store);
}

async function rehabit() {
  const databaseUrl = databaseUrlOf();
  const database = await openDatabase({ databaseUrl });
  const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'info' });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port });
}

const port = Number(process.env.PORT);
const kinds = { relay: () => relay(), 'stored-relay': storedRelay, rehabit };
await kinds[process.argv[2] as keyof typeof kinds]();
process.on('SIGTERM', () => process.exit(0));
