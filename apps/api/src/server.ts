import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { canAlterAuditLog } from './db/roles.ts';
import { jobsOptionsOf } from './jobs/job-queue.ts';
import { deliveryStatus } from './lib/delivery.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { reportableError } from './lib/log-errors.ts';
import { demoVideoOptions, seedDemo } from './seed/demo.ts';

/** Set once Ctrl-C or a stop signal arrives: from then on, a failing start-up step is the stop, not an error. */
let isStopping = false;
let stop: () => Promise<void> = async () => {};
/** Aborted at the stop: ends the ffmpeg of a first demo start still writing its clips (decision 1250). */
const stopping = new AbortController();

const onSignal = (signal: NodeJS.Signals) => {
  if (isStopping) return;
  isStopping = true;
  stopping.abort(new Error(`stopped by ${signal}`));
  // A stop that hangs (a request that never ends) still ends the process, but as a failure.
  setTimeout(() => process.exit(1), 10_000).unref();
  stop().then(
    () => process.exit(0),
    (err) => {
      console.error(`Rehabit did not stop cleanly after ${signal}:`, reportableError(err));
      process.exit(1);
    },
  );
};
// Installed before anything starts, so Ctrl-C during migrations or the first demo seed stops cleanly too.
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

/**
 * Before DATA_DIR was read from the folder the command was typed in, `npm start` kept the embedded database in
 * `apps/api/data`: an install started there must not open an empty database elsewhere as if it had no data.
 */
function refuseMovedDataDir(config: Config) {
  const formerDir = fileURLToPath(new URL('../data', import.meta.url));
  if (config.DATABASE_URL || path.resolve(config.DATA_DIR) === formerDir) return;
  if (existsSync(path.join(config.DATA_DIR, 'pglite')) || !existsSync(path.join(formerDir, 'pglite'))) return;
  throw new ConfigError(
    `Invalid configuration:\n  DATA_DIR: the embedded database is in ${formerDir}, not in ${config.DATA_DIR}; move it (mv ${formerDir} ${config.DATA_DIR}) or set DATA_DIR=${formerDir}`,
  );
}

async function main() {
  const config = loadConfig(process.env, process.argv.slice(2));
  refuseMovedDataDir(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onPoolError: (err) => app?.log.warn({ err }, 'database connection lost; the pool reconnects on demand'),
  });
  // Stop accepting, let in-flight requests finish and close the sockets, then end the database.
  stop = async () => {
    app?.log.info('shutting down');
    try {
      await app?.close();
    } finally {
      await database.close();
    }
  };
  if (isStopping) return;
  await migrateDatabase(database, config);
  if (config.NODE_ENV === 'production' && database.kind === 'postgres') {
    const { role, canAlter } = await canAlterAuditLog(database.db);
    if (canAlter) {
      throw new ConfigError(
        `Invalid configuration:\n  DATABASE_URL: the role ${role} can change or empty the audit log; in production the server runs as a role that can only read and append it (npm run cli -- setup-database, decision 0506)`,
      );
    }
  }
  if (
    config.isDemo &&
    (await seedDemo(database.db, {
      restrictedCode: config.RESTRICTED_CLINIC_CODE,
      videos: { ...demoVideoOptions(config), signal: stopping.signal },
    }))
  ) {
    console.log('Demo data created: see the README for the demo accounts.');
  }
  if (isStopping) return;
  app = await buildApp({
    config,
    database,
    onServerError: startErrorReporting(config.SENTRY_DSN),
    jobs: jobsOptionsOf(config),
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  announceDelivery(config);
}

/** E-mail and texts that reach nobody must not go unnoticed: said at every start, loudest in production. */
function announceDelivery(config: Config) {
  const { warnings } = deliveryStatus(config);
  if (config.isDemo) {
    if (warnings.length > 0)
      console.log(`Demo mode: e-mails and texts wait in the outbox, ${config.PUBLIC_URL}/dev/outbox`);
    return;
  }
  if (warnings.length === 0) return;
  const rule = '!'.repeat(78);
  console.error([rule, ...warnings.map((w) => `! ${w}`), rule].join('\n'));
}

main().catch((err) => {
  if (isStopping) return;
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Rehabit could not start:', reportableError(err));
  }
  process.exit(1);
});
