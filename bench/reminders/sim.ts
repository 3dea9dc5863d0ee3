/**
 * One side of the reminders benchmark, in a process of its own: the real app (its reminders module, the job queue
 * and its worker, logging at `info` into bench/.logs) on its own database, given a simulated clock. Asked by the
 * parent to run a simulated day, it moves the clock to each minute a reminder is due (the schedules' `next_at`),
 * sends that minute's `reminders-due` check on the queue as the every-minute schedule would, and waits until the
 * worker has done it. The clock runs on in real time while a check works, so a slow check sends late.
 *
 *   node --import tsx bench/reminders/sim.ts <database url> <sms webhook url> <label>
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createJobs } from '../../apps/api/src/jobs/job-queue.ts';
import { benchDir } from '../lib/processes.ts';

const [databaseUrl, webhookUrl, label] = process.argv.slice(2) as [string, string, string];

// Every statement the process sends to PostgreSQL, counted where the driver sends it.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** Simulated time: set to an instant, then running on with real time. */
let simBase = 0;
let realBase = performance.now();
const clock = { now: () => new Date(simBase + (performance.now() - realBase)) };
const jumpTo = (at: number) => {
  if (at > clock.now().getTime()) {
    simBase = at;
    realBase = performance.now();
  }
};

mkdirSync(join(benchDir, '.logs'), { recursive: true });
const logFile = createWriteStream(join(benchDir, '.logs', `reminders-${label}.log`));
const secret = () => randomBytes(36).toString('base64url');
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: 'http://127.0.0.1',
  APP_SECRET: secret(),
  VIDEO_SIGNING_SECRET: secret(),
  SMS_WEBHOOK_URL: webhookUrl,
  SMS_WEBHOOK_TOKEN: 'bench',
  DATA_DIR: join(benchDir, '.logs', `reminders-${label}-data`),
  WEB_DIST: '/nonexistent',
});
const database = await openDatabase({ databaseUrl });
const jobOptions = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, stopTimeoutMs: 2000 };
const app = await buildApp({ config, database, clock, logStream: logFile, jobs: jobOptions });
const sender = createJobs({ database, log: app.log, options: jobOptions });
await sender.start();
// The bench's own reads (the next minute due, whether a check waits), on a connection of their own.
const own = new pg.Client({ connectionString: databaseUrl });
await own.connect();
const one = async <T>(text: string, values: unknown[] = []) => (await own.query(text, values)).rows[0] as T;

type Day = { start: string; end: string };
process.on('message', async (day: Day | 'stop') => {
  if (day === 'stop') {
    await app.close();
    await sender.stop();
    await own.end();
    await database.close();
    logFile.end();
    process.exit(0);
  }
  const dayEnd = new Date(day.end).getTime();
  jumpTo(new Date(day.start).getTime());
  if (!app.server.listening) {
    await app.ready();
    // The bench sends the minute's checks itself, on simulated time; the real-time schedule would only add noise.
    await own.query(`delete from pgboss.schedule where name = 'reminders-due'`);
  }
  const before = statements;
  const dayStartedAt = Date.now();
  let polls = 0;
  const runs: number[] = [];
  for (;;) {
    polls += 1;
    const row = await one<{ at: string | null }>(
      'select extract(epoch from min(next_at)) * 1000 as at from reminder_schedules where enabled',
    );
    // No schedule to look at (all parked) ends the day as well (decision 1370).
    const next = row?.at === null || row?.at === undefined ? dayEnd : Number(row.at);
    if (next >= dayEnd) break;
    jumpTo(next);
    const started = performance.now();
    await sender.send('reminders-due', {});
    // The worker picks the check up at its next poll, as a server does; the clock moves on only once no check
    // waits or runs (the one the app sent at its start included).
    for (;;) {
      polls += 1;
      const busy = await one<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'reminders-due' and state in ('created', 'retry', 'active')`,
      );
      if (busy.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    runs.push(performance.now() - started);
  }
  // How long the worker worked on the day's checks, from taking each to finishing it (the queue's own record).
  polls += 1;
  const active = await one<{ ms: string }>(
    `select coalesce(sum(extract(epoch from completed_on - started_on)), 0) * 1000 as ms from pgboss.job
      where name = 'reminders-due' and state = 'completed' and completed_on >= to_timestamp($1)`,
    [dayStartedAt / 1000],
  );
  process.send!({ runs, activeMs: Number(active.ms), statements: statements - before - polls });
});
process.send!('ready');
