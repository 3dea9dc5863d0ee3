/**
 * Patient search under load: 100k patients in one clinic among 1M in all, on PostgreSQL.
 * Measures, in one run on one server: a bare route, the patient list route (searches and plain pages), and the same
 * repository query called directly, then prints the ratios. Goal: list p95 ≤ 50 ms.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:patient-search
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { createPatientsRepository } from '../../apps/api/src/modules/patients/patients.repository.ts';
import { testConfig } from '../../apps/api/test/helpers.ts';
import { loadTest, printTable, timeDirect } from '../lib/load.ts';
import { fillPatients, makeSignedInTherapist } from './data.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.BENCH_TOTAL_PATIENTS ?? 1_000_000);
const IN_CLINIC = Number(process.env.BENCH_CLINIC_PATIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// A busy clinic: four staff searching at the same moment, on the same two cores as the database.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const searches = ['garcia', 'maria lop', 'mar', '5550123', '1956-04-23', 'thompson william', 'example.net', 'zz'];

const name = `rehabit_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });

try {
  await runMigrations(database);
  console.log(`Filling ${TOTAL.toLocaleString()} patients (${IN_CLINIC.toLocaleString()} in the measured clinic)…`);
  const started = performance.now();
  const clinicId = await fillPatients(url.toString(), TOTAL, IN_CLINIC);
  console.log(`…done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { token, actor } = await makeSignedInTherapist(database.db, clinicId);

  const app = await buildApp({ config: testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false });
  app.get('/bench/bare', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const headers = { authorization: `Bearer ${token}` };
  const listPaths = searches.map((s) => `/api/v1/patients/?search=${encodeURIComponent(s)}`);
  const pagePaths = [1, 2, 50, 400, 4000].map((p) => `/api/v1/patients/?page=${p}`);

  // Warm the pool and the caches before measuring.
  await loadTest({
    label: 'warm-up',
    baseUrl,
    paths: [...listPaths, ...pagePaths],
    headers,
    connections: CONNECTIONS,
    seconds: 2,
  });
  const bare = await loadTest({
    label: 'bare route',
    baseUrl,
    paths: ['/bench/bare'],
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const search = await loadTest({
    label: 'GET /api/v1/patients/?search=… (8 terms)',
    baseUrl,
    paths: listPaths,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const pages = await loadTest({
    label: 'GET /api/v1/patients/?page=…',
    baseUrl,
    paths: pagePaths,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  // A plain read: one patient's record (session, the row, the PHI-access audit event).
  const { rows: someIds } = await database.pool!.query<{ id: number }>(
    'select id from patients where clinic_id = $1 order by id limit 200',
    [clinicId],
  );
  const record = await loadTest({
    label: 'GET /api/v1/patients/{id}/',
    baseUrl,
    paths: someIds.map((r) => `/api/v1/patients/${r.id}/`),
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const repo = createPatientsRepository(database.db);
  const scope = { kind: 'clinic' as const, clinicId: actor.clinicId };
  const direct = await timeDirect(
    'same SQL, called directly (search terms)',
    (i) => repo.list(scope, { search: searches[i % searches.length], page: 1, page_size: 25 }, new Date()),
    SECONDS,
  );
  const perTerm = [];
  for (const term of searches) {
    perTerm.push(
      await timeDirect(
        `  direct: "${term}"`,
        () => repo.list(scope, { search: term, page: 1, page_size: 25 }, new Date()),
        1,
      ),
    );
  }
  for (const page of [1, 400, 4000]) {
    perTerm.push(
      await timeDirect(`  direct: page ${page}`, () => repo.list(scope, { page, page_size: 25 }, new Date()), 1),
    );
  }
  await app.close();

  printTable([bare, search, pages, record, direct, ...perTerm]);
  console.log('\nratios');
  console.log(`  search route req/s / bare route req/s : ${(search.rps / bare.rps).toFixed(2)}`);
  console.log(`  page route req/s / bare route req/s   : ${(pages.rps / bare.rps).toFixed(2)}`);
  console.log(`  record route req/s / bare route req/s : ${(record.rps / bare.rps).toFixed(2)}   (budget ≥ 0.30)`);
  console.log(`  search route p95 / direct SQL p95     : ${(search.p95 / direct.p95).toFixed(2)}`);
  console.log(
    `  search route p95                      : ${search.p95} ms (goal ≤ 50 ms) ${search.p95 <= 50 ? 'met' : 'MISSED'}`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
