import type { Difficulty, ExerciseLog, TodayItem } from '@rehabit/contract';
import type { PendingLog } from './exercise-outbox.ts';

/**
 * One pass through an exercise's sets (decision 1230): its client id and start are chosen at the first set, and every
 * set after, and the rating, update the same log.
 */
export type ExerciseSession = { clientId: string; performedAt: string };

/**
 * One exercise on the Today screen: sets are tapped through one by one, each saved at once; then the patient may rate
 * pain and difficulty, which update the same log.
 */
export type ExerciseFlow =
  | { step: 'sets'; setsDone: number; session: ExerciseSession | null }
  | { step: 'rating'; setsDone: number; session: ExerciseSession; pain: number | null; difficulty: Difficulty | null }
  | { step: 'finished'; session: ExerciseSession | null; setsDone: number | null };

export type ExerciseAction =
  | { type: 'setDone'; totalSets: number; session: ExerciseSession }
  | { type: 'finishEarly' }
  | { type: 'pain'; value: number }
  | { type: 'difficulty'; value: Difficulty }
  | { type: 'saved' }
  | { type: 'again' }
  | { type: 'resume'; flow: ExerciseFlow };

export const initialFlow: ExerciseFlow = { step: 'sets', setsDone: 0, session: null };

const toRating = (setsDone: number, session: ExerciseSession): ExerciseFlow => ({
  step: 'rating',
  setsDone,
  session,
  pain: null,
  difficulty: null,
});

export function exerciseFlow(state: ExerciseFlow, action: ExerciseAction): ExerciseFlow {
  switch (action.type) {
    case 'setDone': {
      if (state.step !== 'sets') return state;
      const session = state.session ?? action.session;
      const setsDone = state.setsDone + 1;
      return setsDone >= action.totalSets ? toRating(setsDone, session) : { step: 'sets', setsDone, session };
    }
    case 'finishEarly':
      // "I'm done" is offered once a set is saved: the session keeps the sets done so far.
      return state.step === 'sets' && state.session ? toRating(state.setsDone, state.session) : state;
    case 'pain':
      return state.step === 'rating' ? { ...state, pain: action.value } : state;
    case 'difficulty':
      return state.step === 'rating' ? { ...state, difficulty: action.value } : state;
    case 'saved':
      return state.step === 'rating' ? { step: 'finished', session: state.session, setsDone: state.setsDone } : state;
    case 'again':
      return initialFlow;
    case 'resume':
      // Today's answer came after the card started (a session sent while it loaded): an untouched card takes up
      // that session; one the patient has begun keeps what they did.
      return state.step === 'sets' && !state.session ? action.flow : state;
  }
}

type SessionState = Pick<ExerciseLog, 'client_id' | 'sets_done' | 'performed_at'> & {
  pain?: number | null;
  difficulty?: Difficulty | null;
};

const isDoneForToday = (item: TodayItem) => item.done_today > 0 && item.done_today >= item.due_today;

/**
 * Where a card starts, from today's latest session of the exercise as kept on the phone, or else as the server has
 * it: an unfinished, unrated session goes on at its next set (a reload loses no set); a finished one shows done with
 * its sets (one kept on the phone before the server counts it); with more sessions asked for today, the next starts.
 */
export function resumeFlow(item: TodayItem, day: string, kept: PendingLog | null): ExerciseFlow {
  const latest: SessionState | null = kept ?? (item.last_log?.date === day ? item.last_log : null);
  if (!latest) return isDoneForToday(item) ? { step: 'finished', session: null, setsDone: null } : initialFlow;
  const session = { clientId: latest.client_id, performedAt: latest.performed_at };
  const isRated = (latest.pain ?? null) !== null || (latest.difficulty ?? null) !== null;
  if (!isRated && latest.sets_done < item.sets) return { step: 'sets', setsDone: latest.sets_done, session };
  if (kept || isDoneForToday(item)) return { step: 'finished', session, setsDone: latest.sets_done };
  return initialFlow;
}
