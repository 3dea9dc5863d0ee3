import { type ChatSession, can, chatEndpoints, type Role } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { noteMessageId } from '@web/lib/socket.ts';

export type ChatKind = 'patient' | 'support';

/** Every chat query starts with ['chat'], so sign-out and reconnects can reach them all. */
export const chatKeys = {
  all: ['chat'] as const,
  sessions: (kind: ChatKind) => ['chat', 'sessions', kind] as const,
  messages: (sessionId: number) => ['chat', 'messages', sessionId] as const,
};

// The newest conversations are what a person answers; older ones come back when they write again.
export const SESSION_PAGE_SIZE = 50;

/**
 * Who talks to patients is the permission table's; every staff member has support's conversations, their own or,
 * for those who answer support, everyone's. A patient's one conversation is the patient app's.
 */
export const canChatWithPatients = (role: Role) => can(role, 'chat.patients');
export const chatKindsFor = (role: Role): ChatKind[] =>
  canChatWithPatients(role) ? ['patient', 'support'] : can(role, 'chat.staff') ? ['support'] : [];

/** GET /chat/therapist or /chat/support: conversations, newest first, with the caller's unread counts. */
export async function getChatSessions(kind: ChatKind, signal?: AbortSignal) {
  const endpoint = kind === 'patient' ? chatEndpoints.patientSessions : chatEndpoints.supportSessions;
  const page = await call(endpoint, { query: { page: 1, page_size: SESSION_PAGE_SIZE }, signal });
  for (const session of page.results) if (session.last_message) noteMessageId(session.last_message.id);
  return page;
}

export const chatSessionsQueryOptions = (kind: ChatKind) =>
  queryOptions({
    queryKey: chatKeys.sessions(kind),
    queryFn: ({ signal }) => getChatSessions(kind, signal),
    // The socket keeps the lists current; the screens show their own error state.
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

export const useChatSessions = (kind: ChatKind, isEnabled = true) =>
  useQuery({ ...chatSessionsQueryOptions(kind), enabled: isEnabled });

/** A conversation with unread_message_count above 0 is unread (decision 0300). */
export const isUnread = (session: ChatSession) => session.unread_message_count > 0;

/** Unread conversations first; within each group the server's order (newest first) stands. */
export const unreadFirst = (sessions: readonly ChatSession[]) => [
  ...sessions.filter(isUnread),
  ...sessions.filter((session) => !isUnread(session)),
];

/** How many of the person's conversations are unread, for the navigation badge. */
export function useUnreadChatCount(role: Role) {
  const kinds = chatKindsFor(role);
  const patients = useChatSessions('patient', kinds.includes('patient'));
  const support = useChatSessions('support', kinds.includes('support'));
  const count = (data: { results: ChatSession[] } | undefined) => data?.results.filter(isUnread).length ?? 0;
  return count(patients.data) + count(support.data);
}
