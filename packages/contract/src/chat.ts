import { z } from 'zod';
import { callStatusSchema } from './call-status.ts';
import { idSchema } from './common.ts';
import { defineEndpoints, type SocketCall } from './endpoint.ts';
import { paginated } from './pagination.ts';
import { problemSchema } from './problem.ts';

/**
 * Socket.IO: each user's private room, the event that carries a saved message, and `send_message`, the socket's
 * way to send (POST /chat/message over the socket, answered by an acknowledgement: see `chatSocketCalls`).
 */
export const chatEvents = { newMessage: 'new_message', catchUp: 'catch_up', sendMessage: 'send_message' } as const;
export const privateUserRoom = (userId: number) => `private-user-${userId}`;

/** Last patient message within 5 days, or none for 30 days (decisions 0901 and 1131). */
export const CHAT_RECENT = 'CHAT_RECENT';
export const CHAT_OUTDATED = 'CHAT_OUTDATED';
export const CHAT_RECENT_DAYS = 5;
export const CHAT_OUTDATED_DAYS = 30;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/**
 * Unread counts stop here: a conversation left unread for years costs no more to list than one with a hundred new
 * messages. Screens show a count at the cap as "99+" (decision 1111).
 */
export const CHAT_UNREAD_CAP = 100;
/** A conversation's message count stops here (`count_capped`); its pages go on past it (decision 1111). */
export const CHAT_MESSAGE_COUNT_CAP = 1000;

/** An unread count as a badge shows it: up to 99, then "99+". */
export const unreadBadge = (count: number) => (count >= CHAT_UNREAD_CAP ? `${CHAT_UNREAD_CAP - 1}+` : String(count));

export const chatFreshnessSchema = z.enum([CHAT_RECENT, CHAT_OUTDATED]).nullable();

/**
 * Freshness of a conversation from the time of the patient's last message. The quiet is counted from `waitingSince`
 * when that came later (the conversation's start, or the patient's care): a patient who never wrote, or wrote before
 * their care began again, is not outdated until CHAT_OUTDATED_DAYS have passed since; without it, a patient who never
 * wrote is outdated.
 */
export function chatFreshness(
  lastPatientMessageAt: Date | null,
  now: Date,
  waitingSince?: Date,
): z.infer<typeof chatFreshnessSchema> {
  const daysSince = (at: Date) => (now.getTime() - at.getTime()) / 86_400_000;
  const sinceMessage = lastPatientMessageAt ? daysSince(lastPatientMessageAt) : Number.POSITIVE_INFINITY;
  if (sinceMessage <= CHAT_RECENT_DAYS) return CHAT_RECENT;
  const quietDays = Math.min(sinceMessage, waitingSince ? daysSince(waitingSince) : Number.POSITIVE_INFINITY);
  return quietDays >= CHAT_OUTDATED_DAYS ? CHAT_OUTDATED : null;
}

export const chatMessageSchema = z.object({
  id: z.number().int(),
  session: z.number().int(),
  message: z.string(),
  sender: z.object({ id: z.number().int(), display_name: z.string(), role: z.string() }),
  created_at: z.string(),
  client_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A conversation with a patient, or a staff member's with platform support. */
export const chatSessionKinds = ['patient', 'support'] as const;

export const chatSessionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(chatSessionKinds),
  patient: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  staff: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  last_message: chatMessageSchema.nullable(),
  /** Messages from others after the reader's last read one, at most CHAT_UNREAD_CAP. */
  unread_message_count: z.number().int(),
  freshness: chatFreshnessSchema,
  /** A patient's conversation, while the patient is onboarded: whether a live call is logged this month. */
  call_status: callStatusSchema.nullable(),
  updated_at: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;
export const chatSessionListSchema = paginated(chatSessionSchema);

export const chatSessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const createChatSessionBodySchema = z.object({ patient: idSchema });

export const chatMessagesQuerySchema = z.object({
  session: idSchema,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
/**
 * `count` is the conversation's message count up to CHAT_MESSAGE_COUNT_CAP, `count_capped` says there are more;
 * `next` is set while older messages follow, at any depth.
 */
export const chatMessageListSchema = z.object({ ...paginated(chatMessageSchema).shape, count_capped: z.boolean() });

export const sendChatMessageBodySchema = z.object({
  session: idSchema,
  message: z
    .string()
    .trim()
    .min(1, { error: 'Write a message' })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: `Keep messages under ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
  /** Chosen by the sender's device so a retried send is saved once. */
  client_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

/** The acknowledgement of `send_message`: the saved message, or the problem POST /chat/message would answer. */
export const chatSendAckSchema = z.union([
  z.object({ message: chatMessageSchema }),
  z.object({ problem: problemSchema }),
]);
export type ChatSendAck = z.infer<typeof chatSendAckSchema>;

export const chatEndpoints = defineEndpoints('chat', {
  /** The clinic's conversations with patients, newest first, with the caller's unread counts. */
  patientSessions: {
    method: 'GET',
    path: '/chat/therapist',
    access: 'chat.staff',
    audit: { read: 'chat.list' },
    query: chatSessionListQuerySchema,
    status: 200,
    response: chatSessionListSchema,
  },
  /** The caller's support conversation (an admin's: every staff member's), newest first. */
  supportSessions: {
    method: 'GET',
    path: '/chat/support',
    access: 'chat.staff',
    audit: { read: 'chat.list' },
    query: chatSessionListQuerySchema,
    status: 200,
    response: chatSessionListSchema,
  },
  /** A patient's conversation with the clinic, opened on first use. */
  openSession: {
    method: 'POST',
    path: '/chat/session',
    access: 'chat.staff',
    audit: { read: 'chat.list' },
    body: createChatSessionBodySchema,
    status: 200,
    response: chatSessionSchema,
  },
  /** One page of a conversation, newest first; reading it marks the conversation read. Patients: their own only. */
  messages: {
    method: 'GET',
    path: '/chat/message',
    access: 'chat.use',
    audit: { read: 'chat.read' },
    query: chatMessagesQuerySchema,
    status: 200,
    response: chatMessageListSchema,
  },
  /** Saves a message (once per client id) and pushes it to everyone in the conversation. */
  send: {
    method: 'POST',
    path: '/chat/message',
    access: 'chat.use',
    audit: { change: 'chat.send' },
    body: sendChatMessageBodySchema,
    status: 201,
    response: chatMessageSchema,
  },
});

/**
 * The calls the live socket takes, each the same operation as an endpoint: its access, body, answer and audit are
 * the endpoint's, and the API runs both through one pipeline (decision 1325). Only the answer's envelope differs: an
 * acknowledgement (`chatSendAckSchema`) instead of a status.
 */
export const chatSocketCalls = {
  /** `send_message`: POST /chat/message over the socket, without an HTTP request per message (decision 0450). */
  sendMessage: { event: chatEvents.sendMessage, endpoint: chatEndpoints.send },
} as const satisfies Record<string, SocketCall>;
