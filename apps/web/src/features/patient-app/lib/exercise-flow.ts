import type { Difficulty } from '@rehabit/contract';

/**
 * One exercise on the Today screen: sets are tapped through one by one, then the patient rates
 * pain and difficulty and the log is sent. The client id is chosen when rating starts and kept for
 * every retry, so the server stores the log once however often it is sent.
 */
export type ExerciseFlow =
  | { step: 'sets'; setsDone: number }
  | { step: 'rating'; setsDone: number; clientId: string; pain: number | null; difficulty: Difficulty | null }
  | { step: 'finished' };

export type ExerciseAction =
  | { type: 'setDone'; totalSets: number; clientId: string }
  | { type: 'finishEarly'; clientId: string }
  | { type: 'pain'; value: number }
  | { type: 'difficulty'; value: Difficulty }
  | { type: 'saved' }
  | { type: 'again' };

export const initialFlow: ExerciseFlow = { step: 'sets', setsDone: 0 };

const toRating = (setsDone: number, clientId: string): ExerciseFlow => ({
  step: 'rating',
  setsDone,
  clientId,
  pain: null,
  difficulty: null,
});

export function exerciseFlow(state: ExerciseFlow, action: ExerciseAction): ExerciseFlow {
  switch (action.type) {
    case 'setDone': {
      if (state.step !== 'sets') return state;
      const setsDone = state.setsDone + 1;
      return setsDone >= action.totalSets ? toRating(setsDone, action.clientId) : { step: 'sets', setsDone };
    }
    case 'finishEarly':
      // "I'm done" counts the sets tapped so far; with none tapped it counts the one being done.
      return state.step === 'sets' ? toRating(Math.max(1, state.setsDone), action.clientId) : state;
    case 'pain':
      return state.step === 'rating' ? { ...state, pain: action.value } : state;
    case 'difficulty':
      return state.step === 'rating' ? { ...state, difficulty: action.value } : state;
    case 'saved':
      return { step: 'finished' };
    case 'again':
      return initialFlow;
  }
}
