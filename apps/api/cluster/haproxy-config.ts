/**
 * `npm run haproxy-config -- --node node1=10.0.0.11:3000 --node node2=10.0.0.12:3000 [--tls-cert FILE] …`: prints
 * the proxy's configuration for nodes on other machines, the same one `npm run cluster` and the cluster suite run
 * (decision 1455), for the operator to save as /etc/haproxy/haproxy.cfg (docs/operations.md, "On your own machines").
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { haproxyConfig, type ProxiedNode } from './haproxy.ts';

const usage = `Usage: npm run haproxy-config -- --node NAME=HOST:PORT [--node …] [options]

  --node NAME=HOST:PORT   a node (repeat for each); NAME is letters, digits, - or _
  --listen HOST:PORT      where the portal is reached (default 0.0.0.0:443 with --tls-cert, else 0.0.0.0:80)
  --tls-cert FILE         PEM file with the certificate, its chain and its key: HTTPS on --listen, and plain
                          HTTP on --redirect-port (default 80) answered with a redirect to HTTPS
  --redirect-port PORT    (with --tls-cert) 0 for none
  --stats-port PORT       the statistics page on 127.0.0.1 (default 8404; 0 for none)
  --admin-socket FILE     the proxy's admin socket, to drain a node (default /run/haproxy/rehabit.sock)
  --run-as USER           the user HAProxy gives root up for once its ports are open (default haproxy; - to keep
                          the user it was started as)
  --chroot DIR            the directory it runs inside (default /var/lib/haproxy; - for none)
  --log TARGET            where its log lines go, a syslog socket or address (default /dev/log; - for none)`;

class UsageError extends Error {}

function hostAndPort(value: string, what: string) {
  const match = /^(.*):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) throw new UsageError(`${what}: expected HOST:PORT, got "${value}"`);
  return { host: match[1] || '0.0.0.0', port };
}

function portOption(value: string | undefined, fallback: number, what: string) {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${what}: expected a port, got "${value}"`);
  return port;
}

/** `-` turns a setting with a default off. */
const unlessDash = (value: string) => (value === '-' ? undefined : value);

function node(value: string): ProxiedNode {
  const [name, address] = value.split('=', 2);
  if (!name || !/^[A-Za-z0-9_-]+$/.test(name) || !address) {
    throw new UsageError(`--node: expected NAME=HOST:PORT, got "${value}"`);
  }
  const { host, port } = hostAndPort(address, `--node ${name}`);
  return { name, host, port };
}

export function configFromArguments(args: string[]): string {
  const { values } = parseArgs({
    args,
    options: {
      node: { type: 'string', multiple: true },
      listen: { type: 'string' },
      'tls-cert': { type: 'string' },
      'redirect-port': { type: 'string' },
      'stats-port': { type: 'string' },
      'admin-socket': { type: 'string' },
      'run-as': { type: 'string' },
      chroot: { type: 'string' },
      log: { type: 'string' },
    },
  });
  const nodes = (values.node ?? []).map(node);
  if (nodes.length === 0) throw new UsageError('--node is required, once for each node');
  if (new Set(nodes.map((n) => n.name)).size !== nodes.length) throw new UsageError('--node: each name once');
  const certificate = values['tls-cert'];
  const { host, port } = hostAndPort(values.listen ?? (certificate ? '0.0.0.0:443' : '0.0.0.0:80'), '--listen');
  const redirectPort = portOption(values['redirect-port'], 80, '--redirect-port');
  const statsPort = portOption(values['stats-port'], 8404, '--stats-port');
  return haproxyConfig({
    host,
    port,
    nodes,
    statsPort: statsPort || undefined,
    adminSocket: values['admin-socket'] ?? '/run/haproxy/rehabit.sock',
    tls: certificate ? { certificate, redirectPort: redirectPort || undefined } : undefined,
    system: {
      user: unlessDash(values['run-as'] ?? 'haproxy'),
      chroot: unlessDash(values.chroot ?? '/var/lib/haproxy'),
      log: unlessDash(values.log ?? '/dev/log'),
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.stdout.write(configFromArguments(process.argv.slice(2)));
  } catch (err) {
    if (!(err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) throw err;
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exitCode = 2;
  }
}
