/**
 * What a route asks of PostgreSQL, recorded on the wire: a TCP relay between an API server and PostgreSQL that reads
 * the client's side of the protocol (startup, then typed messages) and, while recording, keeps each statement it
 * binds or sends: its text, its name when it is a prepared one, and its parameters as sent. The routes benchmark
 * replays a route's statements from a bare route (floor-server.ts), so a route can be compared with its own SQL.
 * Only the recording server talks through the relay; the measured one connects directly.
 */
import { connect, createServer, type Socket } from 'node:net';

/** A parameter as sent: text, bytes (base64; node-postgres sends a Buffer as binary), or null. */
export type RecordedValue = string | { base64: string } | null;
/** One statement as a connection sent it: a prepared (named or unnamed) one with its values, or a simple query. */
export type RecordedStatement = { name: string | null; text: string; values: RecordedValue[] | null };
/** A request's statements, per connection of the server's pool, each connection's in the order sent. */
export type RecordedRequest = RecordedStatement[][];

/** How many statements a recorded request sent, on all its connections. */
export const statementCount = (request: RecordedRequest) => request.flat().length;

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** Reads NUL-terminated strings and integers from a message body. */
class Reader {
  private at = 0;
  constructor(private readonly body: Buffer) {}
  cstring() {
    const end = this.body.indexOf(0, this.at);
    const text = this.body.toString('utf8', this.at, end);
    this.at = end + 1;
    return text;
  }
  int16() {
    const value = this.body.readInt16BE(this.at);
    this.at += 2;
    return value;
  }
  int32() {
    const value = this.body.readInt32BE(this.at);
    this.at += 4;
    return value;
  }
  bytes(length: number) {
    const value = this.body.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }
}

/** The statements of one client connection: its prepared texts by name, and those recorded. */
class ConnectionLog {
  private pending = Buffer.alloc(0);
  private started = false;
  private readonly prepared = new Map<string, string>();
  private lastUnnamed = '';
  recorded: RecordedStatement[] = [];

  constructor(private readonly isRecording: () => boolean) {}

  feed(chunk: Buffer) {
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (!this.started) {
        // Startup, SSL and GSS requests: a length and a code, no type byte.
        if (this.pending.length < 8) return;
        const length = this.pending.readInt32BE(0);
        if (this.pending.length < length) return;
        const code = this.pending.readInt32BE(4);
        // What is sent inside TLS cannot be read here.
        if (code === SSL_REQUEST || code === GSS_REQUEST) throw new Error('an encrypted connection cannot be recorded');
        this.started = true;
        this.pending = this.pending.subarray(length);
        continue;
      }
      if (this.pending.length < 5) return;
      const length = this.pending.readInt32BE(1);
      if (this.pending.length < 1 + length) return;
      this.message(String.fromCharCode(this.pending[0]!), this.pending.subarray(5, 1 + length));
      this.pending = this.pending.subarray(1 + length);
    }
  }

  private message(type: string, body: Buffer) {
    const read = new Reader(body);
    if (type === 'P') {
      const name = read.cstring();
      const text = read.cstring();
      if (name) this.prepared.set(name, text);
      else this.lastUnnamed = text;
    } else if (type === 'B' && this.isRecording()) {
      read.cstring(); // portal
      const name = read.cstring();
      const formats = Array.from({ length: read.int16() }, () => read.int16());
      const values = Array.from({ length: read.int16() }, (_, i): RecordedValue => {
        const length = read.int32();
        if (length < 0) return null;
        const bytes = read.bytes(length);
        const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
        return binary ? { base64: bytes.toString('base64') } : bytes.toString('utf8');
      });
      const text = name ? this.prepared.get(name) : this.lastUnnamed;
      if (text === undefined) throw new Error(`statement ${name} was bound before it was seen`);
      this.recorded.push({ name: name || null, text, values });
    } else if (type === 'Q' && this.isRecording()) {
      this.recorded.push({ name: null, text: read.cstring(), values: null });
    }
  }
}

/** A relay to PostgreSQL at `target` on a loopback port of its own; `record` keeps what one call makes it send. */
export async function startRecorder(target: URL) {
  let recording = false;
  let failure: Error | undefined;
  const logs = new Set<ConnectionLog>();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const log = new ConnectionLog(() => recording);
    logs.add(log);
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      try {
        log.feed(chunk);
      } catch (error) {
        // Kept for `record` to throw: an error thrown here would end the benchmark without its clean-up.
        failure ??= error as Error;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      logs.delete(log);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    /** `target` as reached through the relay. */
    url: (() => {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url;
    })(),
    /** The statements sent while `call` runs, per connection; a background job's statements are left out. */
    async record(call: () => Promise<unknown>): Promise<RecordedRequest> {
      for (const log of logs) log.recorded = [];
      recording = true;
      try {
        await call();
        // What a route writes just after it answers (an audit row of a batch) belongs to it too.
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        recording = false;
      }
      if (failure) throw failure;
      return [...logs]
        .map((log) => log.recorded.filter((s) => !/\bpgboss\./.test(s.text)))
        .filter((statements) => statements.length > 0);
    },
    /**
     * The statements of one request of `call`'s: of three recordings, the one with the fewest, since a scheduled job
     * of the server (month close, task rules) or a session read again may fall inside a recording.
     */
    async recordOwn(call: () => Promise<unknown>): Promise<RecordedRequest> {
      let fewest: RecordedRequest | undefined;
      for (let take = 0; take < 3; take++) {
        const recorded = await this.record(call);
        if (!fewest || statementCount(recorded) < statementCount(fewest)) fewest = recorded;
      }
      return fewest!;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
