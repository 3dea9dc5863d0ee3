import type { AuditEntry } from '@rehabit/contract';
import { Table } from '@web/components/ui/table/table.tsx';
import { AuditTime, actorText, clinicText, Detail, Outcome } from './audit-entry-parts.tsx';

export type AuditRowsProps = {
  entries: AuditEntry[];
  showsClinic: boolean;
  /** The timezone the log is read in; undefined until the clinic's is known. */
  timeZone: string | undefined;
};
export const auditCaption = 'Audit log entries, newest first';

/** Desktop: one row per entry. */
export function AuditTable({ entries, showsClinic, timeZone }: AuditRowsProps) {
  return (
    <Table caption={auditCaption}>
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
              <AuditTime entry={entry} timeZone={timeZone} />
            </td>
            <td>
              {entry.action}
              <Outcome entry={entry} />
            </td>
            <td>{actorText(entry)}</td>
            {showsClinic && <td className="tabular">{clinicText(entry)}</td>}
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
