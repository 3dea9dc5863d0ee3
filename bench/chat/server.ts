/**
 * The server side of the chat benchmark, in a process of its own so that the 200 measuring clients do not share
 * its event loop: `relay` is a bare Socket.IO relay (no auth, no database), `rehabit` the real API on
 * `BENCH_CHAT_DATABASE_URL` (already migrated and seeded by the runner), logging as in production. Both listen on
 * PORT and answer `GET /health` when ready. The relay answers the same `send_message` event with the same payload
 * and acknowledgement as Rehabit.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { testConfig } from '../../apps/api/test/helpers.ts';

async function relay() {
  const http = createServer((req, res) => {
    if (req.url === '/health') res.end('{"status":"ok"}');
  });
  const io = new Server(http);
  io.on('connection', (socket) => {
    const room = `clinic-${socket.handshake.auth.clinic}`;
    socket.join(room);
    let id = 0;
    // The same payload as Rehabit's saved message, so both sides encode and parse as much.
    socket.on('send_message', (body: { session: number; message: string }, ack: (reply: object) => void) => {
      const message = {
        id: ++id,
        session: body.session,
        message: body.message,
        sender: { id: 1, display_name: 'Staff 0-20', role: 'therapist' },
        created_at: new Date().toISOString(),
        client_id: null,
      };
      io.to(room).emit('new_message', message);
      ack({ message });
    });
  });
  await new Promise<void>((r) => http.listen(port, '127.0.0.1', r));
}

async function rehabit() {
  const databaseUrl = process.env.BENCH_CHAT_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_CHAT_DATABASE_URL is not set');
  const database = await openDatabase({ databaseUrl });
  const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'info' });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port });
}

const port = Number(process.env.PORT);
await (process.argv[2] === 'relay' ? relay() : rehabit());
process.on('SIGTERM', () => process.exit(0));
