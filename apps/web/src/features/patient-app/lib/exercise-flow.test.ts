import { describe, expect, it } from 'vitest';
import { exerciseFlow, initialFlow } from './exercise-flow.ts';

describe('exercise flow', () => {
  it('counts sets, then asks for a rating with the client id chosen at that moment', () => {
    let flow = exerciseFlow(initialFlow, { type: 'setDone', totalSets: 2, clientId: 'a' });
    expect(flow).toEqual({ step: 'sets', setsDone: 1 });
    flow = exerciseFlow(flow, { type: 'setDone', totalSets: 2, clientId: 'b' });
    expect(flow).toEqual({ step: 'rating', setsDone: 2, clientId: 'b', pain: null, difficulty: null });
    // Further taps change nothing: the id stays the one the log is sent with.
    expect(exerciseFlow(flow, { type: 'setDone', totalSets: 2, clientId: 'c' })).toBe(flow);
    expect(exerciseFlow(flow, { type: 'finishEarly', clientId: 'c' })).toBe(flow);
  });

  it('finishes early with the sets done so far, and keeps pain and difficulty', () => {
    let flow = exerciseFlow({ step: 'sets', setsDone: 1 }, { type: 'finishEarly', clientId: 'x' });
    flow = exerciseFlow(exerciseFlow(flow, { type: 'pain', value: 3 }), { type: 'difficulty', value: 'hard' });
    expect(flow).toEqual({ step: 'rating', setsDone: 1, clientId: 'x', pain: 3, difficulty: 'hard' });
    expect(exerciseFlow(flow, { type: 'saved' })).toEqual({ step: 'finished' });
    expect(exerciseFlow({ step: 'finished' }, { type: 'again' })).toEqual(initialFlow);
  });
});
