/**
 * Authenticated read routes against a bare Fastify route. Three processes: the real API server
 * (apps/api/src/server.ts, production settings, on PostgreSQL with the demo clinic grown to a few thousand
 * patients), the bare route (bench/lib/bare-server.ts), and the load client (runLoad). Both servers log at info.
 * Each route is paired with a bare measurement just before it, in alternating rounds. Two floors of their own process
 * (floor-server.ts) are measured the same way: the goal is each single-record read at ≥ 0.5 of its floor's req/s,
 * and each list or aggregate at ≥ 0.25. Each route's own statements, recorded on the wire by a server of their own
 * (recorder.ts) and replayed from the floors' bare route, are measured the same way too: what its SQL costs alone.
 *
 *   npm run bench:routes
 *   BENCH_SECONDS=8 BENCH_ROUNDS=5 BENCH_EXTRA_PATIENTS=10000 npm run bench:routes
 *   BENCH_ONLY=users,record npm run bench:routes     (of users, record, list, program, chat, progress, today)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { createApplicationRole, grantApplicationRole } from '../../apps/api/src/db/roles.ts';
import { DEMO_CLINIC_CODE, DEMO_PASSWORD } from '../../apps/api/src/seed/demo.ts';
import { DEMO_PATIENT_EMAIL } from '../../apps/api/src/seed/demo-programs.ts';
import { throwAwayDatabase } from '../lib/database.ts';
import { runLoad } from '../lib/load.ts';
import { startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { alternateRounds, rpsRatio, type Side, showSpread, spread } from '../lib/rounds.ts';
import { fillClinic, waitForVideoProcessing } from './data.ts';
import { type RecordedRequest, startRecorder, statementCount } from './recorder.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const EXTRA_PATIENTS = Number(process.env.BENCH_EXTRA_PATIENTS ?? 3000);
/** Of its floor's req/s: a single record is one read; a list or aggregate reads and computes more. */
const GOALS = { single: 0.5, list: 0.25 } as const;
/** Of the req/s of its own statements replayed from a bare route: the API's own work costs at most what its SQL does. */
const OF_STATEMENTS = 0.5;
const ONLY = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());
// The server's role may only read and append the audit log, as production demands (decision 0506).
const APP_ROLE = 'rehabit_bench_app';
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ')];

const appSecret = randomBytes(36).toString('base64url');
const videoSecret = randomBytes(36).toString('base64url');
const { ownerUrl, appUrl, drop } = await throwAwayDatabase(serverUrl, 'routes', APP_ROLE);

const stops: (() => Promise<void>)[] = [];
let storageDir: string | undefined;
const replayDir = mkdtempSync(join(tmpdir(), 'rehabit-routes-'));
try {
  const owner = await openDatabase({ databaseUrl: ownerUrl.toString() });
  try {
    await runMigrations(owner);
    console.log(`Seeding the demo clinic and ${EXTRA_PATIENTS.toLocaleString()} more patients…`);
    const started = performance.now();
    ({ storageDir } = await fillClinic(owner, ownerUrl.toString(), {
      extraPatients: EXTRA_PATIENTS,
      chatEvery: 5,
      messagesPerChat: 20,
    }));
    console.log(`…done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await createApplicationRole(owner.db, APP_ROLE);
    await grantApplicationRole(owner.db, APP_ROLE);
  } finally {
    await owner.close();
  }

  const apiEnv = (databaseUrl: URL) => ({
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_MIGRATION_URL: ownerUrl.toString(),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    APP_SECRET: appSecret,
    VIDEO_SIGNING_SECRET: videoSecret,
    DATA_DIR: storageDir,
    WEB_DIST: '/nonexistent',
  });
  const startApi = (label: string, databaseUrl: URL) =>
    startServer({
      label,
      script: 'apps/api/src/server.ts',
      nodeArgs: SERVER_NODE_FLAGS.concat('--import', 'tsx').filter(Boolean),
      env: apiEnv(databaseUrl),
      readyPath: '/ready',
    });
  // First an API server whose statements pass through the recorder (recorder.ts): what each route asks of
  // PostgreSQL is recorded for each of its paths, to be replayed from a bare route. The measured server connects
  // directly.
  const recorder = await startRecorder(new URL(serverUrl));
  stops.push(recorder.stop);
  const recordedUrl = new URL(recorder.url);
  recordedUrl.pathname = appUrl.pathname;
  recordedUrl.username = appUrl.username;
  recordedUrl.password = appUrl.password;
  const recording = await startApi('routes-api-recorded', recordedUrl);
  stops.push(recording.stop);
  await waitForVideoProcessing(ownerUrl.toString());

  const signIn = async (path: string, email: string) => {
    const res = await fetch(`${recording.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
    return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  const staff = await signIn('/clinic/therapist/signin', 'therapist@example.com');
  const patient = await signIn('/api/v1/patient/signin/', DEMO_PATIENT_EMAIL);

  // Patients of the demo clinic with a program: their record, program and progress are read in turn.
  const probe = new pg.Client({ connectionString: ownerUrl.toString() });
  await probe.connect();
  const { rows } = await probe.query<{ id: number }>(
    `select p.id from patients p join clinics c on c.id = p.clinic_id
      where c.code = $1 and exists (select 1 from hep_items h where h.patient_id = p.id)
      order by p.id limit 20`,
    [DEMO_CLINIC_CODE],
  );
  await probe.end();
  if (rows.length === 0) throw new Error('the demo clinic has no patient with a program');
  const ids = rows.map((r) => r.id);

  type Measured = {
    key: string;
    what: string;
    paths: string[];
    headers?: Record<string, string>;
    baseUrl?: string;
    /** The route writes an audit row before it answers (every PHI read): its floor is the audited one. */
    audited?: boolean;
    kind?: keyof typeof GOALS;
  };
  const allRoutes: Measured[] = [
    { key: 'users', kind: 'single', what: 'GET /api/v1/users/', paths: ['/api/v1/users/'], headers: staff },
    {
      key: 'record',
      kind: 'single',
      audited: true,
      what: 'GET /api/v1/patients/{id}/',
      paths: ids.map((id) => `/api/v1/patients/${id}/`),
      headers: staff,
    },
    {
      key: 'list',
      kind: 'list',
      audited: true,
      what: 'GET /api/v1/patients/ (first page)',
      paths: ['/api/v1/patients/'],
      headers: staff,
    },
    {
      key: 'program',
      kind: 'single',
      audited: true,
      what: 'GET /video/hep/therapist/{patient} (program)',
      paths: ids.map((id) => `/video/hep/therapist/${id}`),
      headers: staff,
    },
    {
      key: 'chat',
      kind: 'list',
      audited: true,
      what: 'GET /chat/therapist (chat sessions)',
      paths: ['/chat/therapist'],
      headers: staff,
    },
    {
      key: 'progress',
      kind: 'list',
      audited: true,
      what: 'GET /user/therapist/dashboard/progress/{patient}',
      paths: ids.map((id) => `/user/therapist/dashboard/progress/${id}`),
      headers: staff,
    },
    {
      key: 'today',
      kind: 'list',
      audited: true,
      what: 'GET /api/v1/patient/program/today/ (patient)',
      paths: ['/api/v1/patient/program/today/'],
      headers: patient,
    },
  ];
  const routes = allRoutes.filter((r) => !ONLY || ONLY.includes(r.key));

  const get = async (baseUrl: string, path: string, headers?: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    await res.arrayBuffer();
  };
  const recorded: Record<string, RecordedRequest[]> = {};
  for (const r of routes) {
    // Warmed first, so statements are prepared and sessions cached as they are under load.
    for (const path of r.paths) for (let i = 0; i < 6; i++) await get(recording.url, path, r.headers);
    recorded[r.key] = [];
    for (const path of r.paths)
      recorded[r.key]!.push(await recorder.recordOwn(() => get(recording.url, path, r.headers)));
    const counts = recorded[r.key]!.map(statementCount);
    const most = Math.max(...counts);
    if (Math.min(...counts) === 0) throw new Error(`${r.what}: a request was recorded without a statement`);
    console.log(`${r.what}: ${Math.min(...counts)}–${most} statements a request`);
    recorded[r.key]!.find((request) => statementCount(request) === most)!.forEach((statements, connection) => {
      for (const s of statements)
        console.log(`  connection ${connection + 1}: ${s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 90)}`);
    });
  }
  await recording.stop();
  await recorder.stop();
  const replayFile = join(replayDir, 'recorded.json');
  writeFileSync(replayFile, JSON.stringify(recorded));

  const bare = await startServer({
    label: 'routes-bare',
    script: 'bench/lib/bare-server.ts',
    nodeArgs: SERVER_NODE_FLAGS.concat('--import', 'tsx').filter(Boolean),
    readyPath: '/health',
  });
  stops.push(bare.stop);
  const floor = await startServer({
    label: 'routes-floor',
    script: 'bench/routes/floor-server.ts',
    nodeArgs: SERVER_NODE_FLAGS.concat('--import', 'tsx').filter(Boolean),
    env: { DATABASE_URL: ownerUrl.toString(), BENCH_REPLAY_FILE: replayFile },
    readyPath: '/health',
  });
  stops.push(floor.stop);
  const api = await startApi('routes-api', appUrl);
  stops.push(api.stop);

  // What no database route can beat on this machine (floor-server.ts): every goal is a share of a floor, so the
  // floors are always measured.
  const floors: Measured[] = [
    { key: 'floor', what: 'floor: bare route + one PostgreSQL read', paths: ['/read'], baseUrl: floor.url },
    {
      key: 'floor',
      what: 'floor: bare route + one read with its audit row committed',
      paths: ['/read-audited'],
      baseUrl: floor.url,
    },
  ];
  // Each route's own statements as recorded, replayed from the bare route: what its SQL costs without the API.
  const replays: Measured[] = routes.map((r) => ({
    key: r.key,
    what: `its statements: ${r.what}`,
    paths: r.paths.map((_, i) => `/replay/${r.key}/${i}`),
    baseUrl: floor.url,
  }));
  const measured = [...routes, ...replays, ...floors];

  const load = (label: string, baseUrl: string, paths: string[], headers?: Record<string, string>, seconds = SECONDS) =>
    runLoad({ label, baseUrl, paths, headers, connections: CONNECTIONS, seconds });
  // Every route answers 200 before it is measured (the load client fails on any other status), and warms up.
  for (const r of measured) await load(`warm-up ${r.what}`, r.baseUrl ?? api.url, r.paths, r.headers, 1);
  await load('warm-up bare', bare.url, ['/bare'], undefined, 1);

  // Each route right after a bare measurement of its own, so both see the same moment of this shared machine.
  const sides: Side[] = measured.flatMap((r) => [
    { label: `bare (pair of ${r.paths[0]})`, measure: () => load('bare', bare.url, ['/bare']) },
    { label: r.what, measure: () => load(r.what, r.baseUrl ?? api.url, r.paths, r.headers) },
  ]);
  console.log(
    `\n${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections; API RSS ${api.rssMb()} MB, bare RSS ${bare.rssMb()} MB`,
  );
  const summaries = await alternateRounds(sides, ROUNDS);

  const all = measured.map((r, i) => {
    const baseline = summaries[2 * i]!;
    const side = summaries[2 * i + 1]!;
    return { what: r.what, side, baseline, ratio: rpsRatio(side, baseline) };
  });
  const results = all.slice(0, routes.length);
  const [readFloor, auditedFloor] = all.slice(2 * routes.length);
  /**
   * A side's share of another's req/s, round by round: each over the bare measurement just before it, so a moment of
   * the shared machine that slowed one pair does not count against the other.
   */
  const shareOf = (side: (typeof all)[number], of: (typeof all)[number]) =>
    spread(
      side.side.rounds.map(
        (r, round) =>
          r.rps / side.baseline.rounds[round]!.rps / (of.side.rounds[round]!.rps / of.baseline.rounds[round]!.rps),
      ),
    );
  /** The floor of a route, or of its replayed statements: the audited one for a route that audits its read. */
  const floorOf = (i: number) => (routes[i % routes.length]!.audited ? auditedFloor! : readFloor!);
  const ofFloor = (i: number) => shareOf(all[i]!, floorOf(i));
  const ofStatements = (i: number) => shareOf(all[i]!, all[routes.length + i]!);
  console.log('\nratio of each route to its bare pair (median, min–max of rounds)');
  for (const r of all) console.log(`  ${r.what.padEnd(52)} ${showSpread(r.ratio, 2)}`);

  const cells = (i: number) => {
    if (i < routes.length) return [showSpread(ofFloor(i), 2), showSpread(ofStatements(i), 2)];
    if (i < 2 * routes.length) return [showSpread(shareOf(all[i]!, floorOf(i)), 2), ''];
    return ['', ''];
  };
  const table = [
    '| route | req/s median (min–max) | bare req/s median | ratio median (min–max) | of its floor | of its statements | p95 ms |',
    '|---|---|---|---|---|---|---|',
    ...all.map(
      (r, i) =>
        `| ${i < routes.length ? `\`${r.what}\`` : r.what} | ${showSpread(r.side.rps)} | ${r.baseline.rps.median} | ${showSpread(r.ratio, 2)} | ${cells(i).join(' | ')} | ${showSpread(r.side.p95, 1)} |`,
    ),
  ];
  saveResult({
    name: 'routes',
    command: 'npm run bench:routes',
    goals: [
      ...results.map((r, i) => {
        const goal = GOALS[routes[i]!.kind ?? 'single'];
        const share = ofFloor(i).median;
        return {
          what: `${r.what} req/s / its floor's`,
          goal: `≥ ${goal.toFixed(2)}`,
          measured: share.toFixed(2),
          met: share >= goal,
        };
      }),
      ...results.map((r, i) => {
        const share = ofStatements(i);
        return {
          what: `${r.what} req/s / its own statements' (replayed from a bare route)`,
          goal: `≥ ${OF_STATEMENTS.toFixed(2)} (proposed, decision 1490)`,
          measured: showSpread(share, 2),
          met: share.median >= OF_STATEMENTS,
        };
      }),
    ],
    markdown: [
      `The demo clinic plus ${EXTRA_PATIENTS.toLocaleString()} patients on PostgreSQL; the API server, the bare route and the load client each in a process of their own, logging at info; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, each route paired with a bare measurement just before it.`,
      '',
      `The floors are a bare route of their own process that makes one PostgreSQL round trip: a read, and a read that commits an audit row before answering, as every audited read of the API does. No database route can be faster than its floor. "Of its floor" divides, round by round, a route's ratio to its bare pair by its floor's ratio to the floor's bare pair (the audited floor for a route that audits its read); the median and range of the rounds are shown.`,
      '',
      `"Its statements" are the statements the API sent PostgreSQL for one request of the route (recorded on the wire by a relay in front of PostgreSQL, by a server of their own, for each path the fewest statements of three requests), sent again as they were from the floors' bare route and answered as JSON: an estimate of what the route's SQL costs without the API. "Of its statements" is the route's share of that, computed as "of its floor" is (decision 1490).`,
      '',
      ...table,
    ].join('\n'),
  });
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  await drop();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  rmSync(replayDir, { recursive: true, force: true });
}
