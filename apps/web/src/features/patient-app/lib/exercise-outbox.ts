import type { ExerciseLogBody } from '@rehabit/contract';
import { getToken } from '@web/lib/access-token.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { create } from 'zustand';

/**
 * Exercise sessions kept on the phone until the server has them (decision 1230). Each set, and the rating after,
 * updates its session's entry here first, so a reload, a lost connection or a closed tab loses nothing; the sender
 * then delivers the session's latest state, which the server applies to one log however often it arrives.
 */
export type PendingLog = ExerciseLogBody & {
  performed_at: string;
  /** The signed-in patient's user id: on a shared phone, a log is only ever sent with its own patient's session. */
  user_id: number;
  /** The clinic's day the session belongs to (from Today), so a card resumes only today's session. */
  day: string;
  /** Grows with every change, so a send that crossed a newer change does not take the entry away. */
  version: number;
};

/** Where a session's latest change is: on its way, kept for later, with the server, or refused by it. */
export type LogDelivery = 'sending' | 'waiting' | 'sent' | 'refused';

export const EXERCISE_OUTBOX_KEY = 'rehabit.exercise_outbox';

type OutboxState = { pending: Record<string, PendingLog>; delivery: Record<string, LogDelivery> };

function load(): Record<string, PendingLog> {
  try {
    const stored = JSON.parse(window.localStorage.getItem(EXERCISE_OUTBOX_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

function save(pending: Record<string, PendingLog>) {
  try {
    window.localStorage.setItem(EXERCISE_OUTBOX_KEY, JSON.stringify(pending));
  } catch {
    // Storage disabled or full: the entry still lives in memory until this tab closes.
  }
}

export const useExerciseOutbox = create<OutboxState>()(() => ({ pending: load(), delivery: {} }));

const setDelivery = (clientId: string, delivery: LogDelivery) =>
  useExerciseOutbox.setState((state) => ({ delivery: { ...state.delivery, [clientId]: delivery } }));

function setPending(change: (pending: Record<string, PendingLog>) => Record<string, PendingLog>) {
  const pending = change(useExerciseOutbox.getState().pending);
  save(pending);
  useExerciseOutbox.setState({ pending });
}

export type SessionChange = Pick<ExerciseLogBody, 'hep_id' | 'client_id' | 'sets_done' | 'pain' | 'difficulty'> & {
  performed_at: string;
};

/** Keeps a session's change on the phone: sets only grow, a rating given replaces the one kept. */
export function keepLog(userId: number, day: string, change: SessionChange) {
  setPending((pending) => {
    const kept = pending[change.client_id];
    const next: PendingLog = {
      ...kept,
      ...change,
      ...(change.pain === undefined && kept?.pain !== undefined && { pain: kept.pain }),
      ...(change.difficulty === undefined && kept?.difficulty !== undefined && { difficulty: kept.difficulty }),
      sets_done: Math.max(kept?.sets_done ?? 0, change.sets_done),
      user_id: userId,
      day,
      version: (kept?.version ?? 0) + 1,
    };
    return { ...pending, [change.client_id]: next };
  });
  setDelivery(change.client_id, navigator.onLine === false ? 'waiting' : 'sending');
}

/** The latest kept state of an exercise's session on `day`, if one waits to be sent. */
export const pendingFor = (pending: Record<string, PendingLog>, userId: number, hepId: number, day: string) =>
  Object.values(pending)
    .filter((log) => log.user_id === userId && log.hep_id === hepId && log.day === day)
    .sort((a, b) => a.performed_at.localeCompare(b.performed_at))
    .at(-1) ?? null;

/** What the server receives: the session's state and the phone's clock now, which dates the session (see the body). */
const bodyOf = ({ user_id: _user, day: _day, version: _version, ...body }: PendingLog): ExerciseLogBody => ({
  ...body,
  sent_at: new Date().toISOString(),
});

/**
 * A refusal that sending again cannot change (the exercise left the program, a bad value). No connection, a server
 * error, a timeout or a rate limit is worth another try; so is a lost session, sent after the patient signs in again.
 */
const isFinal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

let running: Promise<void> | null = null;

/**
 * Sends the patient's kept sessions one after the other until none is left or the network fails; the next
 * call (the network back, the next retry, a new set) goes on from there. Calls while it runs join that run.
 */
export function sendPendingLogs(userId: number, send: (body: ExerciseLogBody) => Promise<unknown>, onSent: () => void) {
  if (!running) {
    running = sendInTurn(userId, send, onSent).finally(() => {
      running = null;
    });
  }
  return running;
}

async function sendInTurn(userId: number, send: (body: ExerciseLogBody) => Promise<unknown>, onSent: () => void) {
  // A run outlives no sign-in: once another session holds the phone, this patient's logs wait for their own.
  const token = getToken();
  for (;;) {
    if (getToken() !== token) return;
    const next = Object.values(useExerciseOutbox.getState().pending).find((log) => log.user_id === userId);
    if (!next) return;
    setDelivery(next.client_id, 'sending');
    try {
      await send(bodyOf(next));
    } catch (error) {
      if (!isFinal(error)) {
        setDelivery(next.client_id, 'waiting');
        return;
      }
      setPending(({ [next.client_id]: _refused, ...rest }) => rest);
      setDelivery(next.client_id, 'refused');
      continue;
    }
    const current = useExerciseOutbox.getState().pending[next.client_id];
    if (current?.version === next.version) {
      setPending(({ [next.client_id]: _sent, ...rest }) => rest);
      setDelivery(next.client_id, 'sent');
    }
    onSent();
  }
}
