import type { AuditEntry } from '@rehabit/contract';
import { Table } from '@web/components/ui/table/table.tsx';

const isChange = (value: unknown): value is { old: unknown; new: unknown } =>
  typeof value === 'object' && value !== null && 'old' in value && 'new' in value;
const shown = (value: unknown) =>
  value === null || value === undefined ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);

/** A row's detail as people read it: each changed value as old → new, anything else as it was recorded. */
function Detail({ detail }: { detail: AuditEntry['detail'] }) {
  if (!detail) return null;
  const entries = Object.entries(detail);
  return (
    <ul className="audit-table__detail">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className="audit-table__key">{key.replaceAll('_', ' ')}</span>{' '}
          {isChange(value) ? (
            <>
              <del>{shown(value.old)}</del> → <ins>{shown(value.new)}</ins>
            </>
          ) : (
            <span>{shown(value)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

export function AuditTable({ entries, showsClinic }: { entries: AuditEntry[]; showsClinic: boolean }) {
  return (
    <Table caption="Audit log entries, newest first">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Action</th>
          <th scope="col">User</th>
          {showsClinic && <th scope="col">Clinic</th>}
          <th scope="col">Patient id</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className="tabular audit-table__time">
              <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
            </td>
            <td>
              {entry.action}
              {entry.outcome !== 'success' && <span className="audit-table__outcome"> ({entry.outcome})</span>}
            </td>
            <td>{entry.actor ? `${entry.actor.display_name} (#${entry.actor.id})` : 'System'}</td>
            {showsClinic && <td className="tabular">{entry.clinic_code ?? 'Platform'}</td>}
            <td className="tabular">{entry.patient_id ?? ''}</td>
            <td>
              <Detail detail={entry.detail} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
