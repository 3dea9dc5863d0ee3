/**
 * A video visit (decision 1375): a one-to-one call in the browser, peer to peer, whose signalling runs over the
 * portal's socket. The server stamps each side's connection, measures the time both were connected, and logs the
 * call itself when the visit ends.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';
import type { SocketOnlyCall } from './endpoint.ts';
import type { Problem } from './problem.ts';

/** The socket's events of a visit: the calls a client makes, and what the server sends. */
export const visitEvents = {
  /** Staff → server: starts a visit with a patient; the patient's devices ring. */
  start: 'visit:start',
  /** Server → the patient's devices: a visit rings. */
  ring: 'visit:ring',
  /** Patient → server: answers on this device; staff → server: this device takes the visit back after a reconnect. */
  join: 'visit:join',
  /** Server → the other side's device: someone joined (or came back), so the caller offers again. */
  joined: 'visit:joined',
  /** Either side → server → the other side's device: a session description or an ICE candidate, relayed as sent. */
  signal: 'visit:signal',
  /** Either side → server: this device's peer connection is now connected or disconnected. */
  connection: 'visit:connection',
  /** Either side → server: ends the visit. */
  hangUp: 'visit:hang-up',
  /** Server → both sides' devices: the visit ended, why, and the minutes logged (0: none). */
  ended: 'visit:ended',
} as const;

/** How long a visit waits for the patient to answer, and for a side to come back with neither connected. */
export const VISIT_GRACE_SECONDS = 60;
/** The least time both sides must have been connected together for the visit to be logged as a live call. */
export const VISIT_LOGGED_MIN_SECONDS = 60;

export const visitEndReasons = ['hang_up', 'both_left', 'no_connection_timeout', 'unanswered'] as const;
export type VisitEndReason = (typeof visitEndReasons)[number];
export const visitConnectionStates = ['connected', 'disconnected'] as const;
export const visitSides = ['staff', 'patient'] as const;
export type VisitSide = (typeof visitSides)[number];
/** One side's time connected, stamped by the server (ISO instants); `to` is null while it lasts. */
export type VisitSpan = { side: VisitSide; from: string; to: string | null };

/** An RTCIceServer as the browser takes it: STUN and TURN addresses, TURN with time-limited credentials. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const visitStartBodySchema = z.object({ patient_id: idSchema });
export const visitIdBodySchema = z.object({ visit_id: idSchema });

const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(100_000),
});
const iceCandidateSchema = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(1000).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});
/** One signalling message: a description or a candidate (null: the end of the candidates), never both. */
export const visitSignalBodySchema = z
  .object({
    visit_id: idSchema,
    description: sessionDescriptionSchema.optional(),
    candidate: iceCandidateSchema.nullable().optional(),
  })
  .refine((body) => (body.description === undefined) !== (body.candidate === undefined), {
    error: 'Send a description or a candidate',
  });
export const visitConnectionBodySchema = z.object({
  visit_id: idSchema,
  state: z.enum(visitConnectionStates),
});

/** The answer to the starter: the visit, and the ICE servers the browser's peer connection is made with. */
export const visitStartedSchema = z.object({ visit_id: z.number().int(), ice_servers: z.array(iceServerSchema) });
/** The answer to a join: the same, and who is on the other side. */
export const visitJoinedSchema = z.object({
  visit_id: z.number().int(),
  ice_servers: z.array(iceServerSchema),
  side: z.enum(visitSides),
  /** The other side's device is on the visit now: one that joined while this device was away is not told again. */
  other_joined: z.boolean(),
});
export const visitSignalledSchema = z.object({ relayed: z.literal(true) });
/** The time both sides have been connected together so far, measured by the server. */
export const visitConnectionSchema = z.object({ visit_id: z.number().int(), connected_seconds: z.number().int() });
export const visitEndedSchema = z.object({
  visit_id: z.number().int(),
  reason: z.enum(visitEndReasons),
  logged_minutes: z.number().int(),
  /** The interaction log's entry the visit wrote (null: none), for the clinician's note. */
  log_id: z.number().int().nullable(),
});
export type VisitEnded = z.infer<typeof visitEndedSchema>;

/** `visit:ring`: who calls. */
export const visitRingSchema = z.object({ visit_id: z.number().int(), staff_name: z.string() });
/** `visit:joined`: which side joined. */
export const visitJoinedEventSchema = z.object({ visit_id: z.number().int(), side: z.enum(visitSides) });
/** `visit:signal` as the other side receives it: the sender's message, as sent. */
export type VisitSignal = z.infer<typeof visitSignalBodySchema>;

/** Every acknowledgement of a visit's call: its answer, or the problem that refused it. */
export type VisitAck<T> = T | { problem: Problem };

/**
 * The visit's calls on the socket (decision 1375). They belong to the socket (its device is a side of the call, and a
 * dropped socket is a side gone), so none has an HTTP twin; each is still served by the endpoint pipeline: access by
 * the permission table, the body by its schema, the audit checked (decision 1325). Signals and connection reports are
 * not audited one by one: the first relays what the browsers say and stores nothing, the second is kept on the
 * visit's own row, which is the record; the visit's start, join and end are audited, and every refusal.
 */
export const visitSocketCalls = {
  start: {
    event: visitEvents.start,
    access: 'visits.start',
    audit: { change: 'visit.start' },
    body: visitStartBodySchema,
    response: visitStartedSchema,
  },
  join: {
    event: visitEvents.join,
    access: 'visits.join',
    audit: { change: 'visit.join' },
    body: visitIdBodySchema,
    response: visitJoinedSchema,
  },
  signal: {
    event: visitEvents.signal,
    access: 'visits.join',
    body: visitSignalBodySchema,
    response: visitSignalledSchema,
  },
  connection: {
    event: visitEvents.connection,
    access: 'visits.join',
    body: visitConnectionBodySchema,
    response: visitConnectionSchema,
  },
  hangUp: {
    event: visitEvents.hangUp,
    access: 'visits.join',
    audit: { change: 'visit.end' },
    body: visitIdBodySchema,
    response: visitEndedSchema,
  },
} as const satisfies Record<string, SocketOnlyCall>;
