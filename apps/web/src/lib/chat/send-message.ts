import { type ChatMessage, type ChatSession, chatMessageSchema, chatPaths, type Paginated } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { noteMessageId } from '../socket.ts';
import { chatKeys } from './chat-sessions.ts';
import { addMessage, applyMessageToSessions, type MessagePages } from './merge-message.ts';
import { type OutgoingMessage, useOutboxStore } from './outbox.ts';

/** POST /chat/message: saved first, then pushed to everyone in the conversation. */
export const sendMessage = ({ session, text, clientId }: Pick<OutgoingMessage, 'session' | 'text' | 'clientId'>) =>
  api.post(chatPaths.messages, { session, message: text, client_id: clientId }, { schema: chatMessageSchema });

/**
 * Sends what the outbox holds. A failed send stays there, marked failed, and a retry sends the same
 * client id: the server saves it once however many attempts reach it.
 */
export function useSendMessage(myUserId: number) {
  const queryClient = useQueryClient();
  const outbox = useOutboxStore.getState();

  const saved = (message: ChatMessage) => {
    noteMessageId(message.id);
    queryClient.setQueryData<MessagePages>(chatKeys.messages(message.session), (data) => addMessage(data, message));
    for (const kind of ['patient', 'support'] as const) {
      queryClient.setQueryData<Paginated<ChatSession>>(chatKeys.sessions(kind), (list) =>
        list ? (applyMessageToSessions(list, message, { myUserId, isOnScreen: true }) ?? list) : list,
      );
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
