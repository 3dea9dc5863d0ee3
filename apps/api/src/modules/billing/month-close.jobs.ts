import type { Jobs } from '../../jobs/job-queue.ts';
import type { MonthClose } from './month-close.ts';

/** Hourly, a few minutes past the hour (UTC): every clinic's month ends at a whole hour somewhere. */
const DUE_CHECK_CRON = '5 * * * *';

/**
 * The month close on the job queue: an hourly check sends one close job per clinic and month that has ended and is
 * not closed yet, keyed by clinic and month; each job closes its month once (`MonthClose.close`), retried by the
 * queue when it fails. A check also runs at start, so a server that was down at a month's end does not wait an hour.
 */
export async function runMonthClose(jobs: Jobs, monthClose: MonthClose): Promise<void> {
  await jobs.work('billing-month-close-due', async () => {
    for (const due of await monthClose.dueMonths()) {
      await jobs.send('billing-month-close', due, { singletonKey: `${due.clinicId}:${due.month}` });
    }
  });
  await jobs.work('billing-month-close', async (due) => {
    await monthClose.close(due);
  });
  await jobs.schedule('billing-month-close-due', DUE_CHECK_CRON, {});
  // Servers starting together send one check between them.
  await jobs.send('billing-month-close-due', {}, { singletonKey: 'start', singletonSeconds: 60 });
}
