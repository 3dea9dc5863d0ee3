/**
 * A server process that takes one month-close job and never finishes it, to be killed with SIGKILL: a server dying
 * in the middle of a job, as a crash or an out-of-memory kill leaves it. Says "running" once the job has begun.
 * Arguments: the database URL and the lease in seconds.
 */
import { openDatabase } from '../src/db/client.ts';
import { createJobs } from '../src/jobs/job-queue.ts';

const [databaseUrl, lease] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: databaseUrl! });
const jobs = createJobs({
  database,
  log: { error: () => {} },
  options: { pollingIntervalSeconds: 0.5, leaseSeconds: Number(lease), leaseCheckIntervalSeconds: 1 },
});
await jobs.start();
await jobs.work('billing-month-close', async () => {
  process.stdout.write('running\n');
  await new Promise(() => {});
});
