/**
 * `npm run cluster`: the demo served by two nodes behind HAProxy at one address (decision 1455), on the local
 * PostgreSQL and Redis and an S3-compatible store started here (s3rver, kept under DATA_DIR), unless the environment
 * names its own bucket. The database is made on the first run and the demo seeded once; Ctrl-C stops everything.
 *
 * PORT (3000) is the proxy's; DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX, DATA_DIR, CLUSTER_NODES and VIDEO_S3_* may
 * be set. Documented in docs/operations.md, "Several nodes".
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startFakeS3 } from '../test/s3-support.ts';
import { startCluster } from './cluster.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rehabit_cluster';
const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data/cluster');

/** The database of DATABASE_URL, made on the server it names when it is not there yet. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`Created the database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

/** The bucket the environment names, or s3rver's, kept in DATA_DIR so the demo's videos outlive a restart. */
async function videoBucket() {
  if (env.VIDEO_S3_BUCKET) return { env: {}, close: async () => {} };
  const directory = path.join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const s3 = await startFakeS3('rehabit-videos', directory);
  console.log(`S3-compatible store (s3rver) at ${s3.endpoint}, files in ${directory}`);
  return s3;
}

// s3rver's client here, on the Node this runs on: the SDK's notice about later Node versions is not for this machine.
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
await ensureDatabase(databaseUrl);
const s3 = await videoBucket();
const passed = Object.fromEntries(
  Object.entries(env).filter(([key, value]) => value !== undefined && /^(VIDEO_|SMTP_|MAIL_)/.test(key)),
) as Record<string, string>;
let stopping = false;
try {
  const cluster = await startCluster({
    nodes: Number(env.CLUSTER_NODES ?? 2),
    port: Number(env.PORT ?? 3000),
    args: ['--demo'],
    dataDir,
    env: {
      ...passed,
      ...s3.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX ?? 'rehabit-cluster',
      // The proxy's health checks are two requests a second: only what needs a look is printed.
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    onOutput: (source, line) => {
      if (!stopping) console.log(`[${source}] ${line}`);
    },
  });
  const nodes = cluster.nodes.map((node) => `${node.name} ${node.url}`).join(', ');
  console.log(`\nRehabit runs at ${cluster.url} (nodes: ${nodes}; proxy statistics ${cluster.statsUrl}).`);
  console.log('Ctrl-C stops the proxy, the nodes and the store.\n');
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    await cluster.stop();
    await s3.close();
    process.exit(0);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
} catch (err) {
  await s3.close();
  console.error('The cluster could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
}
