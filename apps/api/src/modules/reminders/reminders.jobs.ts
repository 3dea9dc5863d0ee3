import type { Jobs } from '../../jobs/job-queue.ts';
import type { ReminderRunner } from './reminder-runner.ts';

/** Every minute (UTC): reminders are due at any minute of any timezone. */
const DUE_CHECK_CRON = '* * * * *';

/**
 * The reminders on the job queue (decision 1350): a singleton job every minute decides each reminder due; each day's
 * reminder is claimed once in the database, so servers running it together, or a retry, never send it twice. A
 * check also runs at start, so reminders missed while the servers were down go out within their grace window.
 */
export async function runReminders(jobs: Jobs, runner: ReminderRunner): Promise<void> {
  await jobs.work('reminders-due', () => runner.runDue());
  await jobs.schedule('reminders-due', DUE_CHECK_CRON, {});
  await jobs.send('reminders-due', {}, { singletonKey: 'start', singletonSeconds: 60 });
}
