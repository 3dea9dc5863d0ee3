import type { ChatMessage, PatientChat } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button/button.tsx';
import {
  newClientId,
  type OutgoingMessage,
  showSession,
  useMessages,
  useOutboxStore,
  useSendMessage,
} from '@web/features/chat';
import { usePatientChat } from '@web/features/patient-app/api/get-chat.ts';
import { patientKeys } from '@web/features/patient-app/api/keys.ts';
import { useSocketStatus } from '@web/lib/socket.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../state-card.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { MessageBubbles } from './message-bubbles.tsx';

/** Chat: the patient's one conversation with the clinic. */
export function PatientChatPage({ myUserId }: { myUserId: number }) {
  const { t } = useTranslation();
  const chat = usePatientChat();
  useDocumentTitle(t('chat.title'));

  return (
    <div className="pa-page pa-chat">
      <h1 className="pa-title">{t('chat.title')}</h1>
      {chat.isPending && (
        <p className="pa-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {chat.isError && <LoadError title={t('chat.loadFailed')} error={chat.error} onRetry={() => chat.refetch()} />}
      {chat.data && <Conversation sessionId={chat.data.session} myUserId={myUserId} />}
    </div>
  );
}

function Conversation({ sessionId, myUserId }: { sessionId: number; myUserId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useMessages(sessionId);
  const send = useSendMessage(myUserId);
  const outbox = useOutboxStore((state) => state.messages);
  const isConnectionLost = useSocketStatus() === 'lost';
  const end = useRef<HTMLDivElement>(null);

  // While on screen, arriving messages are read as they come.
  useEffect(() => showSession(sessionId), [sessionId]);
  // Loading the newest page tells the server the conversation was read: the tab's badge clears.
  useEffect(() => {
    if (!messages.dataUpdatedAt) return;
    queryClient.setQueryData<PatientChat>(patientKeys.chat, (chat) => chat && { ...chat, unread_message_count: 0 });
  }, [messages.dataUpdatedAt, queryClient]);

  const saved = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const page of messages.data?.pages ?? []) for (const message of page.results) byId.set(message.id, message);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [messages.data]);
  const savedIds = new Set(saved.map((message) => message.client_id));
  const pending = outbox.filter((m) => m.session === sessionId && !savedIds.has(m.clientId));
  const newestKey = `${saved.at(-1)?.id ?? 0}:${pending.length}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the newest message
  useLayoutEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestKey]);

  const deliver = (message: OutgoingMessage) =>
    send.mutate({ session: message.session, text: message.text, clientId: message.clientId });

  if (messages.isError && !messages.data) {
    return <LoadError title={t('chat.loadFailed')} error={messages.error} onRetry={() => messages.refetch()} />;
  }
  return (
    <>
      {isConnectionLost && (
        <p className="pa-notice" role="status">
          {t('chat.reconnecting')}
        </p>
      )}
      <section className="pa-card pa-conversation" aria-label={t('chat.messages')}>
        {messages.hasNextPage && (
          <Button
            variant="ghost"
            size="lg"
            isLoading={messages.isFetchingNextPage}
            onClick={() => messages.fetchNextPage()}
          >
            {t('chat.older')}
          </Button>
        )}
        {messages.isPending && <p className="pa-muted">{t('common.loading')}</p>}
        {messages.data && saved.length === 0 && pending.length === 0 && <p className="pa-muted">{t('chat.empty')}</p>}
        <MessageBubbles saved={saved} pending={pending} myUserId={myUserId} onRetry={deliver} />
        <div ref={end} />
      </section>
      <ChatComposer
        onSend={(text) => deliver(useOutboxStore.getState().add({ clientId: newClientId(), session: sessionId, text }))}
      />
    </>
  );
}
