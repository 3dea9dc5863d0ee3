type Handler = (...args: unknown[]) => void;

/**
 * Stands in for socket.io-client in tests: no network, and tests push server events with
 * `fakeSocket.serverEmit(...)` and read how the app connected.
 */
class FakeSocket {
  connections: Array<{ auth: Record<string, unknown> }> = [];
  isConnected = false;
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

  connect(auth: unknown) {
    this.auth = auth;
    const read = (value: Record<string, unknown>) => this.connections.push({ auth: value });
    if (typeof auth === 'function') auth(read);
    else read((auth ?? {}) as Record<string, unknown>);
    this.isConnected = true;
  }

  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
  }

  private fire(event: string) {
    for (const handler of this.handlers.get(event) ?? []) handler();
  }

  /** The connection drops; the client will try again. */
  drop() {
    this.isConnected = false;
    this.fire('disconnect');
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
    this.connections = [];
  }
}

export const fakeSocket = new FakeSocket();

export const fakeSocketModule = {
  io: (_uri: unknown, options: { auth?: unknown } = {}) => {
    fakeSocket.connect(options.auth);
    return fakeSocket;
  },
};
