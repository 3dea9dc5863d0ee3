import type { ChatMessage, ChatSession, Paginated } from '@rehabit/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type MessagePages = InfiniteData<Paginated<ChatMessage>, number>;

const hasMessage = (data: MessagePages, id: number) =>
  data.pages.some((page) => page.results.some((message) => message.id === id));

/** Puts a saved message at the top of the newest page, once: the socket and the send answer may both bring it. */
export function addMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || hasMessage(data, message.id)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, count: first.count + 1, results: [message, ...first.results] }, ...rest] };
}

type SessionUpdate = { myUserId: number; isOnScreen: boolean };

/**
 * A new message in a conversation list: it becomes the last message, the conversation moves to the
 * top and, when someone else wrote and it is not on screen, counts as unread. A message the list
 * already knows (a replay after reconnecting) changes nothing. Undefined when the conversation is
 * not in the list, so the caller can load the list again.
 */
export function applyMessageToSessions(
  list: Paginated<ChatSession>,
  message: ChatMessage,
  { myUserId, isOnScreen }: SessionUpdate,
): Paginated<ChatSession> | undefined {
  const session = list.results.find((item) => item.id === message.session);
  if (!session) return undefined;
  if (session.last_message && session.last_message.id >= message.id) return list;
  const isFromOther = message.sender.id !== myUserId;
  const updated: ChatSession = {
    ...session,
    last_message: message,
    updated_at: message.created_at,
    unread_message_count: isFromOther && !isOnScreen ? session.unread_message_count + 1 : session.unread_message_count,
  };
  return { ...list, results: [updated, ...list.results.filter((item) => item.id !== session.id)] };
}

/** The conversation was read (its newest page loaded): nothing in it is unread any more. */
export function markSessionRead(list: Paginated<ChatSession>, sessionId: number): Paginated<ChatSession> {
  if (!list.results.some((item) => item.id === sessionId && item.unread_message_count > 0)) return list;
  return {
    ...list,
    results: list.results.map((item) => (item.id === sessionId ? { ...item, unread_message_count: 0 } : item)),
  };
}
