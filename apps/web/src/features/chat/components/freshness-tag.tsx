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
