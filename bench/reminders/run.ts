/**
 * Exercise reminders over a simulated week (decision 1350): BENCH_PATIENTS patients (100,000 by default) with
 * text reminders in 20 timezones, against a baseline of BENCH_BASELINE_PATIENTS (1,000) measured in the same run.
 * Each side is the real app with its job queue on a fresh PostgreSQL database of its own, in a process of its own
 * (bench/reminders/sim.ts), given a simulated clock; a bare SMS webhook in a third process takes the texts. The
 * days alternate between the sides (baseline day 1, measured day 1, baseline day 2, …) and every day is printed.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reminders
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { benchDir, startServer } from '../lib/processes.ts';
import { saveResult } from '../lib/report.ts';
import { fillPatients } from './data.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const BASELINE = Number(process.env.BENCH_BASELINE_PATIENTS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
/** A week without a change of clocks in any of the timezones. */
const WEEK_START = '2026-05-04T00:00:00Z';
/**
 * The schedules are saved two hours before the week, and those two hours run unmeasured: the first check works out
 * every schedule's next reminder (a server's first minutes after the schedules were saved), so the week measures the
 * job as it runs from then on. A server back after days away is the reminders' tests' to check, not this run's.
 */
const SAVED_AT = new Date(new Date(WEEK_START).getTime() - 2 * 3600_000).toISOString();
const ON_TIME_SECONDS = 60;

type DayResult = {
  day: string;
  reminders: number;
  onTime: number;
  duplicates: number;
  quiet: number;
  failed: number;
  checks: number;
  wallMs: number;
  /** The worker's time on the checks, from taking each to finishing it. */
  activeMs: number;
  slowestCheckMs: number;
  statements: number;
};

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const sides = [
  { label: `baseline, ${BASELINE.toLocaleString('en-US')} patients`, key: 'baseline', patients: BASELINE },
  { label: `${PATIENTS.toLocaleString('en-US')} patients`, key: 'measured', patients: PATIENTS },
].map((side) => ({ ...side, db: `rehabit_reminders_${side.key}_${process.pid}` }));
const urlOf = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const addDays = (iso: string, n: number) => new Date(new Date(iso).getTime() + n * 86_400_000).toISOString();

const children: ChildProcess[] = [];
let provider: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  provider = await startServer({
    label: 'reminders-provider',
    script: join(benchDir, 'reminders', 'provider.ts'),
    nodeArgs: ['--import', 'tsx'],
    readyPath: '/',
  });
  const sims: { side: (typeof sides)[number]; child: ChildProcess; days: DayResult[] }[] = [];
  for (const side of sides) {
    await admin.query(`CREATE DATABASE ${side.db}`);
    const migrating = await openDatabase({ databaseUrl: urlOf(side.db) });
    await runMigrations(migrating);
    await migrating.close();
    const owner = new pg.Client({ connectionString: urlOf(side.db) });
    owner.on('error', () => {});
    await owner.connect();
    const started = performance.now();
    const made = await fillPatients((text, values) => owner.query(text, values), side.patients, SAVED_AT);
    await owner.query('VACUUM ANALYZE');
    await owner.end();
    console.log(
      `${side.label}: ${made.toLocaleString('en-US')} schedules made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const child = fork(join(benchDir, 'reminders', 'sim.ts'), [urlOf(side.db), `${provider.url}/sms`, side.key], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    children.push(child);
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`${side.label}: the app stopped (${code})`)));
    });
    sims.push({ side, child, days: [] as DayResult[] });
  }

  const ask = (child: ChildProcess, message: unknown) =>
    new Promise<{ runs: number[]; activeMs: number; statements: number }>((resolve) => {
      child.once('message', resolve as (m: unknown) => void);
      child.send(message as never);
    });

  for (const sim of sims) {
    const warmUp = await ask(sim.child, { start: SAVED_AT, end: WEEK_START });
    const ms = warmUp.runs.reduce((a, b) => a + b, 0);
    console.log(
      `${sim.side.label}: warm-up from ${SAVED_AT.slice(11, 16)} UTC, ${warmUp.runs.length} checks in ${(ms / 1000).toFixed(1)} s (slowest ${(Math.max(0, ...warmUp.runs) / 1000).toFixed(1)} s), not measured`,
    );
  }

  console.log(
    `\nday         side                       reminders  on time   dupl.  quiet  failed  checks  wall s   slowest check s  busy ms/rem.  statements/reminder`,
  );
  for (let d = 0; d < DAYS; d++) {
    const start = addDays(WEEK_START, d);
    const end = addDays(WEEK_START, d + 1);
    for (const sim of sims) {
      await fetch(`${provider.url}/counts`); // start counting afresh
      const { runs, activeMs, statements } = await ask(sim.child, { start, end });
      const counts = (await (await fetch(`${provider.url}/counts`)).json()) as Record<string, number>;
      const client = new pg.Client({ connectionString: urlOf(sim.side.db) });
      await client.connect();
      const { rows } = await client.query(
        `select count(*)::int as reminders,
                count(*) filter (where o.sent_at - d.due_at <= make_interval(secs => $3))::int as on_time,
                count(*) filter (where not s.quiet_hours_allowed and ((o.sent_at at time zone s.timezone)::time >= '21:00'
                                 or (o.sent_at at time zone s.timezone)::time < '08:00'))::int as quiet,
                count(*) filter (where d.outcome <> 'sent')::int as failed
         from reminder_deliveries d
         join reminder_schedules s on s.patient_id = d.patient_id
         left join outbox o on o.id = d.outbox_id
         where d.due_at >= $1 and d.due_at < $2`,
        [start, end, ON_TIME_SECONDS],
      );
      // A text the provider got more often than the reminders sent to that number while the day ran is a duplicate.
      const sent = await client.query(
        `select '+1' || p.phone as to, count(*)::int as n from reminder_deliveries d join patients p on p.id = d.patient_id
         where d.outcome = 'sent' and d.at >= $1 and d.at < $2 group by 1`,
        [start, end],
      );
      const sentTo = new Map(sent.rows.map((row) => [row.to as string, row.n as number]));
      const duplicates = Object.entries(counts).reduce((n, [to, c]) => n + Math.max(0, c - (sentTo.get(to) ?? 0)), 0);
      await client.end();
      const r = rows[0]!;
      const wallMs = runs.reduce((a, b) => a + b, 0);
      const day: DayResult = {
        day: start.slice(0, 10),
        reminders: r.reminders,
        onTime: r.on_time,
        duplicates,
        quiet: r.quiet,
        failed: r.failed,
        checks: runs.length,
        wallMs,
        activeMs,
        slowestCheckMs: Math.max(0, ...runs),
        statements,
      };
      sim.days.push(day);
      console.log(
        `${day.day}  ${sim.side.label.padEnd(26)} ${String(day.reminders).padStart(9)}  ${pct(day.onTime, day.reminders).padStart(7)}  ${String(duplicates).padStart(5)}  ${String(day.quiet).padStart(5)}  ${String(day.failed).padStart(6)}  ${String(day.checks).padStart(6)}  ${(wallMs / 1000).toFixed(1).padStart(6)}   ${(day.slowestCheckMs / 1000).toFixed(2).padStart(15)}  ${(activeMs / Math.max(1, day.reminders)).toFixed(2).padStart(11)}  ${(statements / Math.max(1, day.reminders)).toFixed(1).padStart(19)}`,
      );
    }
  }

  const total = (days: DayResult[]) => {
    const sum = (f: (d: DayResult) => number) => days.reduce((n, d) => n + f(d), 0);
    return {
      reminders: sum((d) => d.reminders),
      onTime: sum((d) => d.onTime),
      duplicates: sum((d) => d.duplicates),
      quiet: sum((d) => d.quiet),
      failed: sum((d) => d.failed),
      wallMs: sum((d) => d.wallMs),
      activeMs: sum((d) => d.activeMs),
      statements: sum((d) => d.statements),
      slowest: Math.max(...days.map((d) => d.slowestCheckMs)),
    };
  };
  const [base, measured] = sims.map((s) => total(s.days)) as [ReturnType<typeof total>, ReturnType<typeof total>];
  const perReminder = (t: typeof base) => t.activeMs / Math.max(1, t.reminders);
  const perDayRatios = sims[1]!.days.map((d, i) => {
    const b = sims[0]!.days[i]!;
    return d.activeMs / Math.max(1, d.reminders) / (b.activeMs / Math.max(1, b.reminders));
  });
  console.log('\nweek');
  for (const [i, t] of [base, measured].entries()) {
    console.log(
      `  ${sides[i]!.label.padEnd(26)} ${t.reminders} reminders, on time ${pct(t.onTime, t.reminders)}, duplicates ${t.duplicates}, in quiet hours ${t.quiet}, not sent ${t.failed}, checks ${(t.wallMs / 1000).toFixed(1)} s enqueue to done, worker busy ${(t.activeMs / 1000).toFixed(1)} s (slowest ${(t.slowest / 1000).toFixed(2)} s), ${perReminder(t).toFixed(2)} ms and ${(t.statements / Math.max(1, t.reminders)).toFixed(1)} statements a reminder`,
    );
  }
  const ratio = perReminder(measured) / perReminder(base);
  console.log(
    `  worker ms a reminder, measured ÷ baseline: ${ratio.toFixed(2)} (days ${Math.min(...perDayRatios).toFixed(2)}–${Math.max(...perDayRatios).toFixed(2)})`,
  );

  const rows = sims.flatMap((s) =>
    s.days.map(
      (d) =>
        `| ${d.day} | ${s.side.label} | ${d.reminders} | ${pct(d.onTime, d.reminders)} | ${d.duplicates} | ${d.quiet} | ${d.checks} | ${(d.wallMs / 1000).toFixed(1)} | ${(d.slowestCheckMs / 1000).toFixed(2)} | ${(d.activeMs / 1000).toFixed(1)} | ${(d.activeMs / Math.max(1, d.reminders)).toFixed(2)} | ${(d.statements / Math.max(1, d.reminders)).toFixed(1)} |`,
    ),
  );
  saveResult({
    name: 'reminders',
    command: 'npm run bench:reminders',
    goals: [
      {
        what: `reminders sent within ${ON_TIME_SECONDS} s, ${PATIENTS.toLocaleString('en-US')} patients, a week`,
        goal: '100%',
        measured: pct(measured.onTime, measured.reminders),
        met: measured.onTime === measured.reminders,
      },
      {
        what: 'reminders sent twice',
        goal: '0',
        measured: String(measured.duplicates + base.duplicates),
        met: measured.duplicates + base.duplicates === 0,
      },
      {
        what: 'reminders sent in quiet hours',
        goal: '0',
        measured: String(measured.quiet + base.quiet),
        met: measured.quiet + base.quiet === 0,
      },
      {
        what: `worker ms a reminder, ${PATIENTS.toLocaleString('en-US')} ÷ ${BASELINE.toLocaleString('en-US')} patients`,
        goal: 'reported',
        measured: `${ratio.toFixed(2)} (${perReminder(measured).toFixed(2)} vs ${perReminder(base).toFixed(2)} ms)`,
        met: true,
      },
    ],
    markdown: [
      `${PATIENTS.toLocaleString('en-US')} patients (baseline ${BASELINE.toLocaleString('en-US')}) in 20 timezones, texts on 3 days a week, ${DAYS} simulated days from ${WEEK_START.slice(0, 10)}, the days alternating between the sides.`,
      '',
      '| day (UTC) | side | reminders | on time | twice | quiet | checks | enqueue to done, s | slowest check s | worker busy, s | worker ms/reminder | statements/reminder |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  });
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const child of children) {
    if (child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await provider?.stop();
  for (const side of sides) await admin.query(`DROP DATABASE IF EXISTS ${side.db} WITH (FORCE)`);
  await admin.end();
}

function pct(n: number, of: number) {
  return of === 0 ? '–' : `${((100 * n) / of).toFixed(2)}%`;
}
