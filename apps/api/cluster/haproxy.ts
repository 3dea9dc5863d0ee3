/**
 * The HAProxy configuration in front of a cluster's nodes (decision 1455), written whole for each start.
 *
 * - Every request goes round-robin to a node that passes its health check (`GET /ready`: the process and its
 *   database answer). A node that stops answering is out within two seconds; a request whose connection it refused
 *   meanwhile is sent to another node, which is safe because the request never reached the dead one.
 * - Socket.IO's long-polling transport is many requests for one connection, all of which must reach the node that
 *   holds it: those requests (and the upgrade to a WebSocket that follows them) carry a cookie naming their node.
 *   A WebSocket opened directly is one connection and goes to any node; the portal's own pages open only those.
 * - The nodes read the client's address from `X-Forwarded-For`, which the proxy sets itself, replacing any the
 *   client sent, so that no client can choose the address its rate limits and sign-in limits are counted by.
 * - Each answer says which node gave it (`X-Rehabit-Node`), and the statistics page lists the nodes' health.
 */
import { existsSync } from 'node:fs';

/** Debian's HAProxy (scripts/ensure-system-packages.sh installs it), else whichever is on the PATH. */
export const HAPROXY_BINARY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

export type ProxiedNode = {
  name: string;
  port: number;
  /** The node's address: this machine unless named. */
  host?: string;
};

export type ProxyOptions = {
  port: number;
  /** The statistics page (`/stats`, `/stats;csv`), on this machine only. */
  statsPort?: number;
  nodes: ProxiedNode[];
  /** The interface the proxy listens on: this machine only unless asked. */
  host?: string;
  /** The proxy's runtime commands (a node drained or made ready again), on a socket only this user may open. */
  adminSocket?: string;
  /**
   * HTTPS on `port` with this PEM file (certificate, chain and key), and plain HTTP on `redirectPort` answered only
   * with a redirect to it: browsers give a video visit the camera, and install the patient's app, only over HTTPS.
   */
  tls?: { certificate: string; redirectPort?: number };
  /**
   * A proxy of the system, started as root: gives up root for this user once its ports and certificate are open,
   * runs inside `chroot` and logs to `log` (a syslog socket), as Debian's own configuration does.
   */
  system?: { user?: string; chroot?: string; log?: string };
};

/** The cookie that keeps a long-polling Socket.IO connection on its node. */
export const STICKY_COOKIE = 'rehabit-node';
/** The answer header naming the node that served the request. */
export const NODE_HEADER = 'x-rehabit-node';

export function haproxyConfig({
  port,
  statsPort,
  nodes,
  adminSocket,
  tls,
  system,
  host = '127.0.0.1',
}: ProxyOptions): string {
  const servers = (extra: (node: ProxiedNode) => string) =>
    nodes.map((node) => `  server ${node.name} ${node.host ?? '127.0.0.1'}:${node.port} ${extra(node)}`);
  // WebSockets over HTTP/2 need the nodes to speak it too: the browsers are offered HTTP/1.1 alone.
  const binds = tls
    ? [
        `  bind ${host}:${port} ssl crt ${tls.certificate} alpn http/1.1`,
        ...(tls.redirectPort ? [`  bind ${host}:${tls.redirectPort}`] : []),
        '  http-request redirect scheme https code 301 unless { ssl_fc }',
        '  http-request set-header X-Forwarded-Proto https',
      ]
    : [`  bind ${host}:${port}`];
  return [
    'global',
    '  maxconn 4096',
    ...(adminSocket ? [`  stats socket ${adminSocket} mode 600 level admin`] : []),
    ...(system?.user ? [`  user ${system.user}`, `  group ${system.user}`] : []),
    ...(system?.chroot ? [`  chroot ${system.chroot}`] : []),
    ...(system?.log ? [`  log ${system.log} local0`] : []),
    '',
    'defaults',
    '  mode http',
    ...(system?.log ? ['  log global', '  option httplog'] : []),
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An open WebSocket is quiet between messages; Socket.IO's own pings (every 25 s) keep it within this.
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    // A connection refused (a dead node not yet marked down) is tried again, on another node.
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure',
    '',
    'frontend rehabit',
    ...binds,
    '  http-request set-header X-Forwarded-For %[src]',
    // Each node's metrics are for the scraper, straight from the node, never through the portal's address.
    '  http-request deny deny_status 404 if { path_beg /metrics }',
    '  acl socket_io path_beg /socket.io/',
    '  acl polling url_param(transport) -m str polling',
    '  acl has_sid url_param(sid) -m found',
    // A polling connection's every request, and the upgrade of one (which names its sid): to the node that holds it.
    '  use_backend socket_io_polling if socket_io polling or socket_io has_sid',
    '  default_backend nodes',
    '',
    'backend nodes',
    '  balance roundrobin',
    '  option httpchk GET /ready',
    '  http-check expect status 200',
    `  http-response set-header ${NODE_HEADER} %s`,
    ...servers(() => 'check inter 1s fall 2 rise 1'),
    '',
    'backend socket_io_polling',
    '  balance roundrobin',
    `  cookie ${STICKY_COOKIE} insert indirect nocache httponly${tls ? ' secure' : ''}`,
    `  http-response set-header ${NODE_HEADER} %s`,
    // Its nodes' health is that of the same nodes above: checked once, followed here.
    ...servers((node) => `track nodes/${node.name} cookie ${node.name}`),
    '',
    ...(statsPort
      ? [
          'frontend stats',
          `  bind 127.0.0.1:${statsPort}`,
          '  stats enable',
          '  stats uri /stats',
          '  stats refresh 5s',
          '',
        ]
      : []),
  ].join('\n');
}
