import type { ChatSession } from '@rehabit/contract';
import { freshnessLabel } from '../lib/chat-labels.ts';

const hints = {
  Recent: 'The patient wrote in the last 5 days',
  Outdated: 'No message from the patient for 30 days or more',
};

export function FreshnessTag({ freshness }: { freshness: ChatSession['freshness'] }) {
  const label = freshnessLabel(freshness);
  if (!label) return null;
  return (
    <span className={`chat-freshness chat-freshness--${label.toLowerCase()}`} title={hints[label]}>
      {label}
    </span>
  );
}

/**
 * "Call needed" on a patient's conversation while no live call is logged this month and RTM can bill (decision
 * 1240), as the patient list says it.
 */
export function CallNeededTag({ callStatus }: { callStatus: ChatSession['call_status'] }) {
  if (!callStatus?.is_needed) return null;
  return (
    <span className="chat-freshness chat-freshness--outdated" title="No live call is logged this month">
      {callStatus.needs_reminder ? 'Call needed, month ends soon' : 'Call needed'}
    </span>
  );
}
