import { type ChatSession, type Role, unreadBadge } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { type ChatKind, unreadFirst, useChatSessions } from '@web/features/chat/api/chat-sessions.ts';
import { useClinicTimeZone } from '@web/features/clinics';
import { MessageSquare } from 'lucide-react';
import { messageTime, sessionTitle } from '../lib/chat-labels.ts';
import { CallNeededTag, FreshnessTag } from './freshness-tag.tsx';

type SessionListProps = { kind: ChatKind; role: Role; onOpen: (session: ChatSession) => void };

const emptyText = {
  patient: 'Start one with "New conversation", or wait for a patient to write.',
  support: 'Your conversation with Rehabit support opens here.',
};

/** Conversations of one kind, unread first (decision 0300), each with its unread count and freshness. */
export function SessionList({ kind, role, onOpen }: SessionListProps) {
  const sessions = useChatSessions(kind);
  const timeZone = useClinicTimeZone();
  const items = unreadFirst(sessions.data?.results ?? []);
  const hidden = (sessions.data?.count ?? 0) - items.length;
  return (
    <QueryStates
      query={sessions}
      loading={{ rows: 4, label: 'Loading conversations' }}
      failedTitle="Conversations could not be loaded"
      isEmpty={items.length === 0}
      empty={<EmptyState icon={MessageSquare} title="No conversations yet" description={emptyText[kind]} />}
    >
      <ul className="chat-sessions" aria-label={kind === 'patient' ? 'Patient conversations' : 'Support conversations'}>
        {items.map((session) => (
          <li key={session.id}>
            <SessionRow session={session} role={role} timeZone={timeZone} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <p className="chat-sessions__more">
          {hidden} older {hidden === 1 ? 'conversation is' : 'conversations are'} not listed.
          {kind === 'patient' && ' Find them with "New conversation".'}
        </p>
      )}
    </QueryStates>
  );
}

function SessionRow({
  session,
  role,
  timeZone,
  onOpen,
}: {
  session: ChatSession;
  role: Role;
  timeZone: string | undefined;
  onOpen: SessionListProps['onOpen'];
}) {
  const title = sessionTitle(session, role);
  const unread = session.unread_message_count;
  const last = session.last_message;
  return (
    <button
      type="button"
      className={`chat-session${unread > 0 ? ' chat-session--unread' : ''}`}
      onClick={() => onOpen(session)}
    >
      <span className="chat-session__top">
        <span className="chat-session__title">{title}</span>
        <FreshnessTag freshness={session.freshness} />
        <CallNeededTag callStatus={session.call_status} />
        {last && <span className="chat-session__time">{messageTime(last.created_at, timeZone)}</span>}
      </span>
      <span className="chat-session__bottom">
        <span className="chat-session__preview">{last ? last.message : 'No messages yet'}</span>
        {unread > 0 && (
          <span className="chat-count" data-testid="unread-count">
            {/* The server stops counting at 100: shown as "99+". */}
            {unreadBadge(unread)}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
      </span>
    </button>
  );
}
