import type { AuditEntry } from '@rehabit/contract';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';

const isChange = (value: unknown): value is { old: unknown; new: unknown } =>
  typeof value === 'object' && value !== null && 'old' in value && 'new' in value;
const shown = (value: unknown) =>
  value === null || value === undefined ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);

/** A row's detail as people read it: each changed value as old → new, anything else as it was recorded. */
export function Detail({ detail }: { detail: AuditEntry['detail'] }) {
  if (!detail) return null;
  const entries = Object.entries(detail);
  return (
    <ul className="audit-detail">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className="audit-detail__key">{key.replaceAll('_', ' ')}</span>{' '}
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

/** When it happened, to the second, in the timezone the log is read in (the clinic's; UTC across all clinics). */
export function AuditTime({ entry, timeZone }: { entry: AuditEntry; timeZone: string | undefined }) {
  return <time dateTime={entry.at}>{formatClinicTime(entry.at, timeZone, 'dateTimeSeconds')}</time>;
}

/** Who acted: a person with their id, or the system itself. */
export const actorText = (entry: AuditEntry) =>
  entry.actor ? `${entry.actor.display_name} (#${entry.actor.id})` : 'System';

/** The clinic an entry is filed under; platform-wide actions have none. */
export const clinicText = (entry: AuditEntry) => entry.clinic_code ?? 'Platform';

/** An outcome other than success, in words and the danger colour. */
export function Outcome({ entry }: { entry: AuditEntry }) {
  if (entry.outcome === 'success') return null;
  return <span className="audit-outcome"> ({entry.outcome})</span>;
}
