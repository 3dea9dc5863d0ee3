import type { ChatMessage } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { useMessages } from '@web/features/chat/api/get-messages.ts';
import { type OutgoingMessage, useOutboxStore } from '@web/features/chat/lib/outbox.ts';
import { useClinicTimeZone } from '@web/features/clinics';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { messageTime } from '../lib/chat-labels.ts';

type MessageListProps = { sessionId: number; myUserId: number; onRetry: (message: OutgoingMessage) => void };

/** Oldest at the top, newest at the bottom; older pages load on request above the first message. */
export function MessageList({ sessionId, myUserId, onRetry }: MessageListProps) {
  const messages = useMessages(sessionId);
  const timeZone = useClinicTimeZone();
  const outbox = useOutboxStore((state) => state.messages);
  const scroller = useRef<HTMLDivElement>(null);

  const saved = useMemo(() => {
    // Pages shift as new messages arrive, so the same message can sit on two pages: keep it once.
    const byId = new Map<number, ChatMessage>();
    for (const page of messages.data?.pages ?? []) for (const message of page.results) byId.set(message.id, message);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [messages.data]);
  const savedClientIds = new Set(saved.map((message) => message.client_id));
  const pending = outbox.filter((m) => m.session === sessionId && !savedClientIds.has(m.clientId));
  const newestKey = `${saved.at(-1)?.id ?? 0}:${pending.length}`;

  // Follow the conversation to its newest message, but not when older pages are added above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestKey]);

  if (messages.isPending) return <SkeletonList rows={3} label="Loading messages" />;
  if (messages.isError) {
    return (
      <ErrorState
        title="Messages could not be loaded"
        error={messages.error}
        onRetry={() => messages.refetch()}
        isRetrying={messages.isFetching}
      />
    );
  }
  return (
    <div className="chat-messages" ref={scroller}>
      {messages.hasNextPage && (
        <div className="chat-messages__older">
          <Button
            variant="ghost"
            size="sm"
            isLoading={messages.isFetchingNextPage}
            onClick={() => messages.fetchNextPage()}
          >
            Load older messages
          </Button>
        </div>
      )}
      {saved.length === 0 && pending.length === 0 && (
        <p className="chat-messages__empty">No messages yet. Write the first one below.</p>
      )}
      <ol className="chat-messages__list" aria-label="Messages" aria-live="polite">
        {saved.map((message) => (
          <Bubble
            key={message.id}
            text={message.message}
            isMine={message.sender.id === myUserId}
            author={message.sender.display_name}
            meta={`${messageTime(message.created_at, timeZone)}${message.sender.id === myUserId ? ' · Sent' : ''}`}
          />
        ))}
        {pending.map((message) => (
          <Bubble
            key={message.clientId}
            text={message.text}
            isMine
            meta={message.status === 'sending' ? 'Sending…' : 'Not sent'}
            isFailed={message.status === 'failed'}
            onRetry={message.status === 'failed' ? () => onRetry(message) : undefined}
          />
        ))}
      </ol>
    </div>
  );
}

type BubbleProps = {
  text: string;
  isMine: boolean;
  author?: string;
  meta: string;
  isFailed?: boolean;
  onRetry?: () => void;
};

function Bubble({ text, isMine, author, meta, isFailed = false, onRetry }: BubbleProps) {
  const classes = [
    'chat-bubble',
    isMine ? 'chat-bubble--mine' : 'chat-bubble--theirs',
    isFailed && 'chat-bubble--failed',
  ];
  return (
    <li className={classes.filter(Boolean).join(' ')}>
      {!isMine && author && <span className="chat-bubble__author">{author}</span>}
      <p className="chat-bubble__text">{text}</p>
      <span className="chat-bubble__meta">
        {meta}
        {onRetry && (
          <button type="button" className="chat-bubble__retry" onClick={onRetry}>
            Retry
          </button>
        )}
      </span>
    </li>
  );
}
