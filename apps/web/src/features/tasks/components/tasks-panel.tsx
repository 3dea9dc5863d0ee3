import { can, type Task, type TaskScope, type TaskStatus, totalPages } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import type { SessionUser } from '@web/features/session';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { ClipboardCheck, ClipboardList, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTasks } from '../api/get-tasks.ts';
import { taskKeys } from '../api/keys.ts';
import { useMarkTaskDone } from '../api/mark-task-done.ts';
import { useReopenTask } from '../api/reopen-task.ts';
import { AssignTaskDialog } from './assign-task-dialog.tsx';
import { TaskCard } from './task-card.tsx';
import { useTaskParams } from './use-task-params.ts';
import './tasks.css';

const statusOptions: { value: TaskStatus; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'done', label: 'Done' },
];
const scopeOptions: { value: TaskScope; label: string }[] = [
  { value: 'clinic', label: 'All of the clinic' },
  { value: 'mine', label: 'Mine' },
];

/** The clinic's work queue on the dashboard (`#tasks`): new or done tasks, a page at a time, done with an undo. */
export function TasksPanel({ user }: { user: SessionUser }) {
  // Therapists work their own tasks; managers and supervisors may look at the clinic's, as the API decides.
  const canChooseScope = can(user.role, 'tasks.clinic');
  const params = useTaskParams(canChooseScope);
  const query = { status: params.status, page: params.page, ...(params.scope ? { scope: params.scope } : {}) };
  const tasks = useTasks(query);
  const reopen = useReopenTask();
  const [isAssignOpen, setAssignOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const results = tasks.data?.results ?? [];

  // The row is gone: focus goes back to the panel's heading, and the toast says what happened.
  const focusPanel = () => headingRef.current?.focus();

  const done = useMarkTaskDone(taskKeys.list(query), {
    done: (task) =>
      notify.withAction(`Task done: ${task.title}`, {
        label: 'Undo',
        onClick: () =>
          reopen.mutate(task.id, {
            onSuccess: () => {
              notify.success(`Back in New: ${task.title}`);
              focusPanel();
            },
          }),
      }),
    failed: (task, error) => notify.error(`“${task.title}” could not be marked done. ${errorMessage(error)}`),
  });
  const markDone = (task: Task) => {
    done.mutate(task);
    focusPanel();
  };

  // A page left empty by the last task done on it (or closed elsewhere) goes back to the last page that has tasks.
  const count = tasks.data?.count;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the count and the page, not the setter's identity
  useEffect(() => {
    if (count === undefined || tasks.isPlaceholderData) return;
    const last = Math.max(1, totalPages(count));
    if (params.page > last) params.update({ page: last });
  }, [count, params.page, tasks.isPlaceholderData]);

  return (
    <section id="tasks" className="section-card tasks-panel" aria-labelledby="tasks-title">
      <div className="tasks-panel__head">
        <h2 id="tasks-title" className="section-card__title tasks-panel__title" ref={headingRef} tabIndex={-1}>
          Tasks
        </h2>
        {can(user.role, 'tasks.work') && (
          <div className="tasks-panel__actions">
            <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAssignOpen(true)}>
              Assign a task
            </Button>
          </div>
        )}
      </div>
      <div className="filter-row">
        <div className="filter-row__field">
          <Dropdown
            label="Status"
            options={statusOptions}
            value={params.status}
            onChange={(status) => params.update({ status })}
          />
        </div>
        {params.scope && (
          <div className="filter-row__field">
            <Dropdown
              label="Whose tasks"
              options={scopeOptions}
              value={params.scope}
              onChange={(scope) => params.update({ scope })}
            />
          </div>
        )}
      </div>
      <div aria-busy={tasks.isFetching}>
        <QueryStates
          query={tasks}
          loading={{ rows: 3, label: 'Loading tasks' }}
          failedTitle="The tasks could not be loaded"
          isEmpty={results.length === 0}
          empty={
            params.status === 'new' ? (
              <EmptyState
                icon={ClipboardList}
                title="No open tasks"
                description="Call reminders, patients to onboard and tasks colleagues give you land here."
                action={
                  <Button variant="secondary" onClick={() => setAssignOpen(true)}>
                    Assign a task
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={ClipboardCheck}
                title="No done tasks yet"
                description="Tasks marked done, and those that closed by themselves, are listed here."
              />
            )
          }
        >
          <ul className="task-list" aria-label={params.status === 'new' ? 'New tasks' : 'Done tasks'}>
            {results.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                onDone={markDone}
                isBusy={done.isPending && done.variables?.id === task.id}
              />
            ))}
          </ul>
        </QueryStates>
      </div>
      <Pagination
        label="Task pages"
        currentPage={params.page}
        totalItems={tasks.data?.count ?? 0}
        onPageChange={(page) => params.update({ page })}
      />
      {isAssignOpen && <AssignTaskDialog user={user} onClose={() => setAssignOpen(false)} />}
    </section>
  );
}
