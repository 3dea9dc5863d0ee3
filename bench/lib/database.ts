import pg from 'pg';

/**
 * A throw-away database on the PostgreSQL server of `serverUrl`, named after the benchmark and this process: its
 * owner's address (migrations, seeding), the address the servers use as `appRole` (the application's role, which
 * the caller creates and grants), the server's admin connection for looking on, and `drop` to remove it at the end.
 */
export async function throwAwayDatabase(serverUrl: string, benchmark: string, appRole: string) {
  const name = `rehabit_bench_${benchmark}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const ownerUrl = new URL(serverUrl);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = appRole;
  appUrl.password = '';
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return { name, admin, ownerUrl, appUrl, drop };
}
