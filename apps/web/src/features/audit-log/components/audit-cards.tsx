import { AuditTime, actorText, clinicText, Detail } from './audit-entry-parts.tsx';
import { type AuditRowsProps, auditCaption } from './audit-table.tsx';

/** Phones: each entry as a card of its facts, read top to bottom instead of a table scrolled sideways. */
export function AuditCards({ entries, showsClinic, timeZone }: AuditRowsProps) {
  return (
    <ul className="audit-cards" aria-label={auditCaption}>
      {entries.map((entry) => (
        <li key={entry.id} className="audit-card">
          <p className="audit-card__head">
            <strong>{entry.action}</strong>
            <span className="tabular">
              <AuditTime entry={entry} timeZone={timeZone} />
            </span>
          </p>
          <dl className="audit-card__facts">
            <div>
              <dt>Who</dt>
              <dd>{actorText(entry)}</dd>
            </div>
            <div>
              <dt>Outcome</dt>
              <dd className={entry.outcome === 'success' ? undefined : 'audit-outcome'}>{entry.outcome}</dd>
            </div>
            <div>
              <dt>Patient id</dt>
              <dd className="tabular">{entry.patient_id ?? 'None'}</dd>
            </div>
            {showsClinic && (
              <div>
                <dt>Clinic</dt>
                <dd className="tabular">{clinicText(entry)}</dd>
              </div>
            )}
            <div>
              <dt>IP</dt>
              <dd className="tabular">{entry.ip ?? 'Not recorded'}</dd>
            </div>
            {entry.detail && (
              <div className="audit-card__wide">
                <dt>Details</dt>
                <dd>
                  <Detail detail={entry.detail} />
                </dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
