import { MessageSquare, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { EmptyState } from '../ui/feedback/empty-state.tsx';
import { useChatPanelStore } from './chat-panel-store.ts';
import { CHAT_PANEL_ID } from './side-nav.tsx';
import './chat-panel.css';
import '../ui/button/icon-button.css';

/** Desktop right-hand panel for the chat room list and messages; it slides over the content. */
export function ChatPanel({ children }: { children?: ReactNode }) {
  const isOpen = useChatPanelStore((state) => state.isChatPanelOpen);
  const setOpen = useChatPanelStore((state) => state.setChatPanelOpen);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isOpen) headingRef.current?.focus();
  }, [isOpen]);

  return (
    <aside
      id={CHAT_PANEL_ID}
      className="chat-panel"
      aria-labelledby={`${CHAT_PANEL_ID}-title`}
      hidden={!isOpen}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <div className="chat-panel__header">
        <h2 id={`${CHAT_PANEL_ID}-title`} ref={headingRef} tabIndex={-1}>
          Chat
        </h2>
        <button type="button" className="icon-button" aria-label="Close chat" onClick={() => setOpen(false)}>
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      {/* Rendered only while open: closing the panel drops the draft with it (decision 0300). */}
      <div className="chat-panel__body">
        {!isOpen
          ? null
          : (children ?? (
              <EmptyState
                icon={MessageSquare}
                title="No conversations yet"
                description="Chats with your patients and with Rehabit support will be listed here."
              />
            ))}
      </div>
    </aside>
  );
}
