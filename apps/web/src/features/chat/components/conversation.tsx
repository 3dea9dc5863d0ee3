import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { useMessages } from '@web/features/chat/api/get-messages.ts';
import { useSendMessage } from '@web/features/chat/api/send-message.ts';
import { showSession } from '@web/features/chat/lib/on-screen.ts';
import { newClientId, type OutgoingMessage, useOutboxStore } from '@web/features/chat/lib/outbox.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { useSocketStatus } from '@web/lib/socket.ts';
import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';

/** One conversation: its messages and the composer. Sending shows at once and confirms when saved. */
export function Conversation({ sessionId, myUserId }: { sessionId: number; myUserId: number }) {
  const send = useSendMessage(myUserId);
  const isConnectionLost = useSocketStatus() === 'lost';
  // The same query the list shows: the server answers 404 (or 403) for a conversation this person may not open.
  const messages = useMessages(sessionId);
  const isClosedToMe = isApiError(messages.error) && [403, 404].includes(messages.error.status);

  // While on screen, arriving messages are read as they come.
  useEffect(() => showSession(sessionId), [sessionId]);

  const deliver = (message: OutgoingMessage) =>
    send.mutate({ session: message.session, text: message.text, clientId: message.clientId });

  if (isClosedToMe) {
    return (
      <EmptyState
        icon={Lock}
        title="You cannot open this conversation"
        description="Your role or your clinic does not give you this conversation, or it no longer exists: nothing can be read or sent here."
      />
    );
  }

  return (
    <div className="chat-conversation">
      {isConnectionLost && (
        <p className="chat-connection" role="status">
          Reconnecting… New messages will appear when the connection is back; what you send is still saved.
        </p>
      )}
      <MessageList sessionId={sessionId} myUserId={myUserId} onRetry={deliver} />
      <Composer
        key={sessionId}
        onSend={(text) => deliver(useOutboxStore.getState().add({ clientId: newClientId(), session: sessionId, text }))}
      />
    </div>
  );
}
