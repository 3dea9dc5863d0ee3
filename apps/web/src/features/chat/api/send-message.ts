import {
  type ChatMessage,
  type ChatSession,
  chatEndpoints,
  chatEvents,
  chatSendAckSchema,
  type Paginated,
  type SendChatMessageBody,
} from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, refusal } from '@web/lib/api-client.ts';
import { emitWithAck, noteMessageId } from '@web/lib/socket.ts';
import { addMessage, applyMessageToSessions, type MessagePages } from '../lib/merge-message.ts';
import { type OutgoingMessage, useOutboxStore } from '../lib/outbox.ts';
import { reloadIfLoading } from '../lib/reload-if-loading.ts';
import { chatKeys } from './chat-sessions.ts';

/** How long the socket has to acknowledge a message before it goes by HTTP instead. */
export const SEND_ACK_TIMEOUT_MS = 8000;

/**
 * Sends over the live socket, answered with the saved message or the problem POST /chat/message would answer.
 * Without a live socket, an answer in time or an answer this page understands, POST /chat/message: saved first,
 * then pushed to everyone in the conversation. The same client id has the server save it once either way.
 */
export async function sendMessage({ session, text, clientId }: Pick<OutgoingMessage, 'session' | 'text' | 'clientId'>) {
  const body: SendChatMessageBody = { session, message: text, client_id: clientId };
  const ack = chatSendAckSchema.safeParse(
    await emitWithAck(chatEvents.sendMessage, body, SEND_ACK_TIMEOUT_MS)?.catch(() => null),
  );
  if (ack.success) {
    if ('problem' in ack.data) throw refusal(ack.data.problem.status, ack.data.problem);
    return ack.data.message;
  }
  return call(chatEndpoints.send, { body });
}

/**
 * Sends what the outbox holds. A failed send stays there, marked failed, and a retry sends the same
 * client id: the server saves it once however many attempts reach it.
 */
export function useSendMessage(myUserId: number) {
  const queryClient = useQueryClient();
  const outbox = useOutboxStore.getState();

  const saved = (message: ChatMessage) => {
    noteMessageId(message.id);
    const messagesKey = chatKeys.messages(message.session);
    queryClient.setQueryData<MessagePages>(messagesKey, (data) => addMessage(data, message));
    reloadIfLoading(queryClient, messagesKey);
    for (const kind of ['patient', 'support'] as const) {
      queryClient.setQueryData<Paginated<ChatSession>>(chatKeys.sessions(kind), (list) =>
        list ? (applyMessageToSessions(list, message, { myUserId, isOnScreen: true }) ?? list) : list,
      );
      reloadIfLoading(queryClient, chatKeys.sessions(kind));
    }
  };

  return useMutation({
    mutationFn: sendMessage,
    // The message itself shows the failure and a retry; no toast on top.
    meta: { errorHandling: 'silent' },
    onMutate: (outgoing) => outbox.setStatus(outgoing.clientId, 'sending'),
    onSuccess: (message, outgoing) => {
      saved(message);
      outbox.remove(outgoing.clientId);
    },
    onError: (_error, outgoing) => outbox.setStatus(outgoing.clientId, 'failed'),
  });
}
