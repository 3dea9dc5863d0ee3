import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { demoVideoOptions, seedDemo } from './seed/demo.ts';

async function main() {
  const config = loadConfig(process.env, process.argv.slice(2));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onPoolError: (err) => app?.log.warn({ err }, 'database connection lost; the pool reconnects on demand'),
  });
  await runMigrations(database);
  if (
    config.isDemo &&
    (await seedDemo(database.db, { restrictedCode: config.RESTRICTED_CLINIC_CODE, videos: demoVideoOptions(config) }))
  ) {
    console.log('Demo data created: see the README for the demo accounts.');
  }
  app = await buildApp({ config, database, onServerError: startErrorReporting(config.SENTRY_DSN) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then end the pool.
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app?.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Rehabit could not start:', err);
  }
  process.exit(1);
});
