import type { Task, TaskKind } from '@rehabit/contract';
import { paths } from '@web/config/paths.ts';

/** What made a task, in a word or two. */
export const taskKindLabels: Record<TaskKind, string> = {
  call_reminder: 'Call reminder',
  no_data: 'No data',
  onboard_patient: 'To onboard',
  approve_staff: 'Staff approval',
  hep_request_answered: 'Video request answered',
  assigned: 'From a colleague',
};

/** Where a task is solved: the patient's section its rule is about, or the screen of the work. */
export function taskTarget(task: Task): { href: string; label: string } | null {
  if (task.patient) {
    const dashboard = paths.patientDashboard.getHref(task.patient.id);
    const name = `${task.patient.first_name} ${task.patient.last_name}`;
    if (task.kind === 'call_reminder') return { href: `${dashboard}#interaction-log`, label: name };
    if (task.kind === 'no_data') return { href: `${dashboard}#progress`, label: name };
    return { href: dashboard, label: name };
  }
  if (task.kind === 'approve_staff') return { href: paths.therapistList.getHref(), label: 'Review staff approvals' };
  if (task.kind === 'hep_request_answered') {
    return { href: paths.exerciseLibrary.getHref({ myRequests: true }), label: 'See the answer to your request' };
  }
  return null;
}
