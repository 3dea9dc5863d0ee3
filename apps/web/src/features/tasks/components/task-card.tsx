import type { Task } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { clinicDayOf } from '@web/components/ui/format/clinic-time.ts';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { ClinicTime, useClinicTimeZone } from '@web/features/clinics';
import { AlertTriangle, Check } from 'lucide-react';
import { Link } from 'react-router';
import { taskKindLabels, taskTarget } from './task-labels.ts';

type Props = {
  task: Task;
  onDone?: (task: Task) => void;
  isBusy?: boolean;
};

function DueDate({ task }: { task: Task }) {
  const timeZone = useClinicTimeZone();
  if (!task.due_date) return <>No due date</>;
  // A done task is no longer late, whatever its date; days are the clinic's.
  const isOverdue = task.status === 'new' && task.due_date < clinicDayOf(new Date(), timeZone);
  if (!isOverdue) return <DateDisplay value={task.due_date} />;
  return (
    <span className="task-card__overdue">
      <AlertTriangle size={14} aria-hidden="true" />
      Overdue since <DateDisplay value={task.due_date} />
    </span>
  );
}

function DoneLine({ task }: { task: Task }) {
  if (task.closed_by === 'rule') return <>Closed by itself: its cause went away</>;
  return (
    <>
      <ClinicTime value={task.done_at} style="date" />
      {task.done_by && ` by ${task.done_by.display_name}`}
    </>
  );
}

/** One task as a card: what to do, about whom, for whom, by when, and "Done" while it is new. */
export function TaskCard({ task, onDone, isBusy }: Props) {
  const target = taskTarget(task);
  const kind =
    task.kind === 'assigned' && task.created_by ? `From ${task.created_by.display_name}` : taskKindLabels[task.kind];
  const titleId = `task-${task.id}-title`;
  return (
    <li className="queue-card" aria-labelledby={titleId}>
      <div className="task-card__main">
        <span className="task-card__kind">{kind}</span>
        <p id={titleId} className="task-card__title">
          {task.title}
        </p>
        <dl className="task-card__facts">
          {target && (
            <div>
              <dt>{task.patient ? 'Patient' : 'Where'}</dt>
              <dd>
                <Link to={target.href}>{target.label}</Link>
              </dd>
            </div>
          )}
          <div>
            <dt>Assignee</dt>
            <dd>{task.assignee?.display_name ?? 'Anyone of the clinic'}</dd>
          </div>
          {task.status === 'new' ? (
            <div>
              <dt>Due</dt>
              <dd>
                <DueDate task={task} />
              </dd>
            </div>
          ) : (
            <div>
              <dt>Done</dt>
              <dd>
                <DoneLine task={task} />
              </dd>
            </div>
          )}
        </dl>
      </div>
      {task.status === 'new' && onDone && (
        <Button
          variant="secondary"
          size="sm"
          className="task-card__done"
          icon={<Check size={16} aria-hidden="true" />}
          aria-label={`Done: ${task.title}`}
          disabled={isBusy}
          onClick={() => onDone(task)}
        >
          Done
        </Button>
      )}
    </li>
  );
}
