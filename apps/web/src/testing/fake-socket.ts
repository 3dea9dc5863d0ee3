type Handler = (...args: unknown[]) => void;

/** What the server does with an event sent for an acknowledgement: answer `ack` (a promise answers later), or never. */
export type AckAnswer = { ack: unknown } | 'no answer';
type Emitted = { event: string; payload: unknown; timeoutMs: number };

/**
 * Stands in for socket.io-client in tests: no network, and tests push server events with
 * `fakeSocket.serverEmit(...)`, read how the app connected and what it sent, and decide the server's
 * acknowledgements with `fakeSocket.answerWith(...)`.
 */
class FakeSocket {
  connections: Array<{ auth: Record<string, unknown> }> = [];
  /** Events the app sent for an acknowledgement, in order. */
  emitted: Emitted[] = [];
  isConnected = false;
  private answer: (event: string, payload: unknown) => AckAnswer = () => 'no answer';
  active = true;
  private anyHandlers = new Set<Handler>();
  private handlers = new Map<string, Set<Handler>>();
  private managerHandlers = new Map<string, Set<Handler>>();
  io = {
    on: (event: string, handler: Handler) => {
      const set = this.managerHandlers.get(event) ?? new Set();
      set.add(handler);
      this.managerHandlers.set(event, set);
    },
  };

  private auth: unknown;

  /** Opens the connection; called again without `auth` (as `socket.connect()`), it sends the same handshake. */
  connect(auth: unknown = this.auth) {
    this.auth = auth;
    this.active = true;
    const read = (value: Record<string, unknown>) => this.connections.push({ auth: value });
    if (typeof auth === 'function') auth(read);
    else read((auth ?? {}) as Record<string, unknown>);
    this.isConnected = true;
  }

  get connected() {
    return this.isConnected;
  }

  /** The handshake completes: the app sees the connection live. */
  goLive() {
    this.fire('connect');
  }

  /** Decides the server's acknowledgements from now on; until then the server never answers. */
  answerWith(answer: (event: string, payload: unknown) => AckAnswer) {
    this.answer = answer;
  }

  /** As socket.io-client: the promise rejects when no acknowledgement comes within `timeoutMs`. */
  timeout(timeoutMs: number) {
    return {
      emitWithAck: (event: string, payload: unknown) => {
        this.emitted.push({ event, payload, timeoutMs });
        const answer = this.answer(event, payload);
        if (answer !== 'no answer') return Promise.resolve(answer.ack);
        return new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('operation has timed out')), timeoutMs),
        );
      },
    };
  }

  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  /** The connection drops; the client will try again. */
  drop() {
    this.isConnected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server closes the connection (a session that ended, a restart); the client does not try again by itself. */
  serverDisconnect() {
    this.isConnected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }

  /** The server refuses the handshake (e.g. `unauthenticated`); the client does not try again by itself. */
  refuse(message: string) {
    this.isConnected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  onAny(handler: Handler) {
    this.anyHandlers.add(handler);
  }

  disconnect() {
    this.isConnected = false;
    this.anyHandlers.clear();
    this.managerHandlers.clear();
    this.handlers.clear();
  }

  /** The connection drops and comes back: the client sends its handshake again. */
  reconnect() {
    this.connect(this.auth);
    this.fire('connect');
    for (const handler of this.managerHandlers.get('reconnect') ?? []) handler();
  }

  /** The server sends an event to this client. */
  serverEmit(event: string, payload: unknown) {
    for (const handler of this.anyHandlers) handler(event, payload);
  }

  reset() {
    this.disconnect();
    this.active = true;
    this.connections = [];
    this.emitted = [];
    this.answer = () => 'no answer';
  }
}

export const fakeSocket = new FakeSocket();

export const fakeSocketModule = {
  io: (_uri: unknown, options: { auth?: unknown } = {}) => {
    fakeSocket.connect(options.auth);
    return fakeSocket;
  },
};
