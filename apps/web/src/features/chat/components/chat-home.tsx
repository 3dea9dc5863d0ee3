import type { ChatSession, Role } from '@rehabit/contract';
import { type ChatKind, chatKindsFor, isUnread, useChatSessions } from '@web/features/chat/api/chat-sessions.ts';
import { useState } from 'react';
import { NewConversation } from './new-conversation.tsx';
import { SessionList } from './session-list.tsx';

const tabLabels: Record<ChatKind, string> = { patient: 'Patients', support: 'Support' };

/** The room list: patients and support as tabs, each tab showing how many conversations are unread. */
export function ChatHome({ role, onOpen }: { role: Role; onOpen: (session: ChatSession) => void }) {
  const kinds = chatKindsFor(role);
  const [kind, setKind] = useState<ChatKind>(kinds[0] ?? 'support');
  return (
    <div className="chat-home">
      {kinds.length > 1 && (
        <div className="chat-tabs" role="tablist" aria-label="Conversations">
          {kinds.map((item) => (
            <TabButton key={item} kind={item} isSelected={item === kind} onSelect={() => setKind(item)} />
          ))}
        </div>
      )}
      {kinds.length > 1 ? (
        <div role="tabpanel" aria-label={tabLabels[kind]}>
          {kind === 'patient' && <NewConversation onOpened={onOpen} />}
          <SessionList kind={kind} role={role} onOpen={onOpen} />
        </div>
      ) : (
        <SessionList kind={kind} role={role} onOpen={onOpen} />
      )}
    </div>
  );
}

function TabButton({ kind, isSelected, onSelect }: { kind: ChatKind; isSelected: boolean; onSelect: () => void }) {
  const sessions = useChatSessions(kind);
  const unread = sessions.data?.results.filter(isUnread).length ?? 0;
  return (
    <button type="button" role="tab" aria-selected={isSelected} className="chat-tab" onClick={onSelect}>
      {tabLabels[kind]}
      {unread > 0 && (
        <span className="chat-count">
          {unread}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </button>
  );
}
