import type { CurrentUser, Task } from '@rehabit/contract';
import type { RecordedRequest } from '@web/testing/fixture-api.ts';
import { signedInRoutes } from '@web/testing/fixtures.ts';

/** The clinic's today in the tests: March 15, 2026. */
export const NOW = new Date('2026-03-15T17:00:00Z');
export const TASKS_URL = 'GET /api/v1/tasks/';

export function makeTask(changes: Partial<Task> = {}): Task {
  return {
    id: 1,
    kind: 'call_reminder',
    status: 'new',
    title: 'Call Maria Garcia: no live call this month',
    patient: { id: 101, first_name: 'Maria', last_name: 'Garcia' },
    assignee: { id: 7, display_name: 'Tara Nguyen' },
    created_by: null,
    due_date: null,
    created_at: '2026-03-10T12:00:00Z',
    done_at: null,
    done_by: null,
    closed_by: null,
    ...changes,
  };
}

export const callMaria = makeTask();
export const reviewExercises = makeTask({
  id: 2,
  kind: 'assigned',
  title: 'Review the new exercises with James',
  patient: { id: 102, first_name: 'James', last_name: 'Brown' },
  created_by: { id: 8, display_name: 'Morgan Lee' },
  due_date: '2026-03-12',
});
export const approveOmar = makeTask({
  id: 3,
  kind: 'approve_staff',
  title: 'Omar Ali waits for approval',
  patient: null,
  assignee: null,
  due_date: '2026-03-20',
});

export const taskPage = (results: Task[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

export const queryOf = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);

/**
 * A clinic's tasks on the server: the list answers them by status, and done and reopen move them, as the API would.
 */
export function taskServer(tasks: Task[]) {
  const rows = new Map(tasks.map((task) => [task.id, task]));
  const move = (request: RecordedRequest, status: Task['status']) => {
    const id = Number(request.path.split('/')[4]);
    const task = { ...rows.get(id)!, status, done_at: status === 'done' ? '2026-03-15T17:00:00Z' : null };
    rows.set(id, task);
    return { body: task };
  };
  return {
    [TASKS_URL]: (request: RecordedRequest) => {
      const status = request.url.searchParams.get('status') ?? 'new';
      return { body: taskPage([...rows.values()].filter((task) => task.status === status)) };
    },
    ...Object.fromEntries(
      [...rows.keys()].flatMap((id) => [
        [`POST /api/v1/tasks/${id}/done/`, (request: RecordedRequest) => move(request, 'done')],
        [`POST /api/v1/tasks/${id}/reopen/`, (request: RecordedRequest) => move(request, 'new')],
      ]),
    ),
  };
}

export const tasksRoutes = (
  user: CurrentUser | undefined,
  tasks: Task[] = [callMaria, reviewExercises, approveOmar],
) => ({
  ...signedInRoutes(user),
  'GET /api/v1/dashboard/': {
    body: {
      today: '2026-03-15',
      therapist: null,
      patients_in_monitoring: 0,
      minutes_this_month: 0,
      needs_call: 0,
      is_call_reminder_period: false,
      no_data: 0,
      close_to_threshold: 0,
      ready_to_bill: 0,
      open_tasks: tasks.length,
    },
  },
  ...taskServer(tasks),
});
