import type { ChatMessage, ChatSession } from '@rehabit/contract';
import { manager, therapist } from '@web/testing/fixtures.ts';

export const page = <T>(results: T[], next: number | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
});

/** A page of a conversation: its count stops at a cap the server names (decision 1111). */
export const messagePage = (results: ChatMessage[], next: number | null = null) => ({
  ...page(results, next),
  count_capped: false,
});

export function makeMessage(id: number, changes: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    session: 1,
    message: `Message ${id}`,
    sender: { id: manager.id, display_name: manager.display_name, role: 'manager' },
    created_at: new Date(Date.UTC(2026, 0, 1, 9, 0, id)).toISOString(),
    client_id: null,
    ...changes,
  };
}

export function makeSession(id: number, changes: Partial<ChatSession> = {}): ChatSession {
  return {
    id,
    kind: 'patient',
    patient: { id: 100 + id, first_name: 'Patient', last_name: `No${id}` },
    staff: null,
    last_message: makeMessage(id * 10, { session: id }),
    unread_message_count: 0,
    call_status: null,
    freshness: null,
    updated_at: '2026-01-01T09:00:00.000Z',
    ...changes,
  };
}

export const supportSession = makeSession(50, {
  kind: 'support',
  patient: null,
  staff: { id: therapist.id, display_name: therapist.display_name },
  last_message: null,
});
