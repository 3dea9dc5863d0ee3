import type { Problem } from '@rehabit/contract';
import { emitWithAck, whenLive } from '@web/lib/socket.ts';
import type { z } from 'zod';

const ACK_MS = 10_000;
/** How long a call waits for the connection to the server to come back before it is said to have failed. */
const LIVE_WAIT_MS = 15_000;

/** The server refused a visit's call: its problem says why (ended, not joined, no account in the app…). */
export class VisitRefused extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title);
  }
}

/** No connection to the server, so the call could not be made. */
export class VisitOffline extends Error {
  constructor() {
    super('offline');
  }
}

/** A visit's call over the portal's socket: its answer read with the contract's schema, or why it was refused. */
export async function askVisit<T>(
  event: string,
  body: unknown,
  answer: z.ZodType<T>,
  { waitMs = LIVE_WAIT_MS, isWanted = () => true }: { waitMs?: number; isWanted?: () => boolean } = {},
): Promise<T> {
  // A call that waited for the connection is dropped if its visit ended meanwhile.
  if (!(await whenLive(waitMs)) || !isWanted()) throw new VisitOffline();
  const sending = emitWithAck(event, body, ACK_MS);
  if (!sending) throw new VisitOffline();
  let reply: unknown;
  try {
    reply = await sending;
  } catch {
    throw new VisitOffline();
  }
  if (reply && typeof reply === 'object' && 'problem' in reply) throw new VisitRefused(reply.problem as Problem);
  return answer.parse(reply);
}
