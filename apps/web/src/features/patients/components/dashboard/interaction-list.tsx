import type { InteractionLog } from '@rehabit/contract';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { RoundIcon } from '@web/components/ui/round-icon/round-icon.tsx';
import { ClinicTime } from '@web/features/clinics';
import { Phone, Trash2, Video } from 'lucide-react';
import { interactionKindLabels } from './interaction-form.tsx';
import '@web/components/ui/button/icon-button.css';

/** Logged calls, newest first: the day and start time, how, how long, what was said and who logged it. */
export function InteractionList({
  logs,
  onDelete,
}: {
  logs: readonly InteractionLog[];
  onDelete: (log: InteractionLog) => void;
}) {
  return (
    <ul className="interaction-list" aria-label="Logged calls">
      {logs.map((log) => {
        const KindIcon = log.kind === 'video' ? Video : Phone;
        return (
          <li key={log.id} className="interaction">
            <RoundIcon>
              <KindIcon size={18} />
            </RoundIcon>
            <div className="interaction__body">
              <p className="interaction__head">
                <strong>
                  <DateDisplay value={log.date} />
                </strong>
                <ClinicTime value={log.started_at} style="time" />
                <span>{interactionKindLabels[log.kind]}</span>
                <span className="tabular">{log.minutes} min</span>
              </p>
              {log.notes && <p className="interaction__notes">{log.notes}</p>}
              <p className="interaction__who">
                Logged by {log.created_by?.display_name ?? 'a former staff member'} on{' '}
                <ClinicTime value={log.created_at} style="date" />
              </p>
            </div>
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={`Delete the ${interactionKindLabels[log.kind].toLowerCase()} of ${formatDate(log.date)}`}
              onClick={() => onDelete(log)}
            >
              <Trash2 size={18} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
