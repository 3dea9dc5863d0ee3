import { type ChatSession, chatEvents, chatMessageSchema, type Paginated } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { noteMessageId, SOCKET_CONNECTED, useSocketEvent } from '@web/lib/socket.ts';
import { type ChatKind, chatKeys } from '../api/chat-sessions.ts';
import { addMessage, applyMessageToSessions, type MessagePages } from './merge-message.ts';
import { isSessionOnScreen } from './on-screen.ts';
import { reloadIfLoading } from './reload-if-loading.ts';

/**
 * Keeps the chat caches current from the socket: each saved message joins its conversation's
 * messages and moves the conversation lists. Mounted once for the signed-in frame.
 */
export function useChatEvents(myUserId: number) {
  const queryClient = useQueryClient();

  useSocketEvent(chatEvents.newMessage, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) return;
    const message = parsed.data;
    noteMessageId(message.id);
    const isOnScreen = isSessionOnScreen(message.session);

    const messagesKey = chatKeys.messages(message.session);
    queryClient.setQueryData<MessagePages>(messagesKey, (data) => addMessage(data, message));
    // Reading the newest page is what tells the server the conversation was read.
    if (isOnScreen && message.sender.id !== myUserId) {
      queryClient.invalidateQueries({ queryKey: messagesKey });
    } else reloadIfLoading(queryClient, messagesKey);

    let isListed = false;
    const kinds: ChatKind[] = ['patient', 'support'];
    for (const kind of kinds) {
      const key = chatKeys.sessions(kind);
      const list = queryClient.getQueryData<Paginated<ChatSession>>(key);
      const next = list && applyMessageToSessions(list, message, { myUserId, isOnScreen });
      if (!next) continue;
      isListed = true;
      queryClient.setQueryData(key, next);
      reloadIfLoading(queryClient, key);
    }
    // A conversation no list shows yet (new, or further down): load the lists again.
    if (!isListed) queryClient.invalidateQueries({ queryKey: ['chat', 'sessions'] });
  });

  // Missed messages come back as events; unread counts and new conversations come with the lists.
  useSocketEvent(SOCKET_CONNECTED, () => {
    queryClient.invalidateQueries({ queryKey: ['chat', 'sessions'] });
  });
}
