import { CALL_NOK, CHAT_OUTDATED, CHAT_RECENT, type PatientDetail } from '@rehabit/contract';

type ContactStatus = Partial<Pick<PatientDetail, 'call_status' | 'chat_freshness'>>;
type ContactLabel = { kind: 'call_needed' | 'called' | 'no_call' | 'quiet' | 'recent'; text: string };

/**
 * The call status and chat freshness in short words (decision 0901). `isCompact` (the list) keeps only what needs
 * a look: a call needed this month and a patient quiet for 30 days; the dashboard also says what is fine. A patient
 * whose RTM bills nothing needs no call (decision 1240): the dashboard says only that none is logged.
 */
export function contactLabels({ call_status, chat_freshness }: ContactStatus, isCompact: boolean): ContactLabel[] {
  const labels: ContactLabel[] = [];
  if (call_status?.is_needed) {
    labels.push({
      kind: 'call_needed',
      text: call_status.needs_reminder ? 'call needed, month ends soon' : 'call needed',
    });
  } else if (call_status?.status === CALL_NOK && !isCompact) {
    labels.push({ kind: 'no_call', text: 'no call this month' });
  } else if (call_status && !isCompact) {
    labels.push({ kind: 'called', text: 'called this month' });
  }
  if (chat_freshness === CHAT_OUTDATED) labels.push({ kind: 'quiet', text: 'quiet 30+ days' });
  if (chat_freshness === CHAT_RECENT && !isCompact) labels.push({ kind: 'recent', text: 'wrote in the last 5 days' });
  return labels;
}

/** The labels, tinted with an icon drawn by the styles when they need a look, always with their words. */
export function ContactStatusLabels({ status, isCompact = false }: { status: ContactStatus; isCompact?: boolean }) {
  const labels = contactLabels(status, isCompact);
  if (labels.length === 0) return isCompact ? null : <span className="muted">Not in monitoring</span>;
  return (
    <ul className="rtm-labels" aria-label="Call and chat">
      {labels.map(({ kind, text }) => (
        <li key={kind} className={`rtm-label rtm-label--${kind}`}>
          {text}
        </li>
      ))}
    </ul>
  );
}
