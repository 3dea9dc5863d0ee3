import { CHAT_OUTDATED, CHAT_RECENT, type ChatSession, type Role } from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';

/** Who the conversation is with, from the reader's side. */
export function sessionTitle(session: ChatSession, role: Role) {
  if (session.patient) return `${session.patient.first_name} ${session.patient.last_name}`;
  if (role === 'admin') return session.staff?.display_name ?? 'Staff member';
  return 'Rehabit support';
}

/** Decision 0300: freshness as a word and a colour, never the colour alone. */
export const freshnessLabel = (freshness: ChatSession['freshness']) =>
  freshness === CHAT_RECENT ? 'Recent' : freshness === CHAT_OUTDATED ? 'Outdated' : null;

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Today's messages by their time, older ones by their date (MMM D, YYYY). */
export function messageTime(iso: string, now = new Date()) {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? time.format(at) : formatDate(iso);
}
