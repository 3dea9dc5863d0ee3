import { type ChatSession, chatEndpoints, type Paginated } from '@rehabit/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { noteMessageId } from '@web/lib/socket.ts';
import { markSessionRead } from '../lib/merge-message.ts';
import { chatKeys } from './chat-sessions.ts';

export const MESSAGE_PAGE_SIZE = 25;

/** GET /chat/message: one page of a conversation, newest first. Reading it marks the conversation read. */
export const getMessages = (session: number, page: number, signal?: AbortSignal) =>
  call(chatEndpoints.messages, { query: { session, page, page_size: MESSAGE_PAGE_SIZE }, signal });

/** A conversation's messages, page by page towards the oldest. */
export function useMessages(sessionId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(sessionId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getMessages(sessionId, pageParam, signal);
      const newest = page.results[0];
      if (newest) noteMessageId(newest.id);
      // The server marked it read for us; the lists and the navigation badge follow without a reload.
      for (const kind of ['patient', 'support'] as const) {
        queryClient.setQueryData<Paginated<ChatSession>>(chatKeys.sessions(kind), (list) =>
          list ? markSessionRead(list, sessionId) : list,
        );
      }
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    // Live messages arrive through the socket; the screen shows its own error state.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorHandling: 'silent' },
  });
}
