import type { Jobs } from '../../jobs/job-queue.ts';
import type { TaskRules } from './task-rules.ts';

/** Every 15 minutes (UTC): the rules read the state of now, so a quarter hour is how late a rule's task can be. */
const DUE_CHECK_CRON = '*/15 * * * *';

/**
 * The task rules on the job queue (decision 0902): every 15 minutes a check sends one evaluation per clinic, keyed
 * by the clinic (at most one waiting and one running each), retried by the queue when it fails. A check also runs at
 * start: the rules evaluate the present, so a server back from a downtime catches up at once.
 */
export async function runTaskRules(jobs: Jobs, rules: TaskRules): Promise<void> {
  await jobs.work('tasks-rules-due', async () => {
    for (const clinicId of await rules.clinicIds()) {
      await jobs.send('tasks-rules', { clinicId }, { singletonKey: String(clinicId) });
    }
  });
  await jobs.work('tasks-rules', async ({ clinicId }) => {
    await rules.evaluateClinic(clinicId);
  });
  await jobs.schedule('tasks-rules-due', DUE_CHECK_CRON, {});
  // Servers starting together send one check between them.
  await jobs.send('tasks-rules-due', {}, { singletonKey: 'start', singletonSeconds: 60 });
}
