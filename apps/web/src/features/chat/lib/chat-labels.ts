import { CHAT_OUTDATED, CHAT_RECENT, type ChatSession, can, type Role } from '@rehabit/contract';
import { clinicDayOf, formatClinicTime } from '@web/components/ui/format/clinic-time.ts';

/** Who the conversation is with, from the reader's side: support answers staff members, who write to support. */
export function sessionTitle(session: ChatSession, role: Role) {
  if (session.patient) return `${session.patient.first_name} ${session.patient.last_name}`;
  if (can(role, 'support.answer')) return session.staff?.display_name ?? 'Staff member';
  return 'Rehabit support';
}

/** Decision 0300: freshness as a word and a colour, never the colour alone. */
export const freshnessLabel = (freshness: ChatSession['freshness']) =>
  freshness === CHAT_RECENT ? 'Recent' : freshness === CHAT_OUTDATED ? 'Outdated' : null;

/** Today's messages by their time, older ones by their date (MMM D, YYYY): the clinic's clock and calendar. */
export function messageTime(iso: string, timeZone: string | undefined, now = new Date()) {
  const isToday = clinicDayOf(iso, timeZone) === clinicDayOf(now, timeZone);
  return formatClinicTime(iso, timeZone, isToday ? 'time' : 'date');
}
