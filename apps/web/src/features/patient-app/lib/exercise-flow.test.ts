import { describe, expect, it } from 'vitest';
import { makeTodayItem } from '../patient-fixtures.ts';
import { exerciseFlow, initialFlow, resumeFlow } from './exercise-flow.ts';
import type { PendingLog } from './exercise-outbox.ts';

const a = { clientId: 'a', performedAt: '2026-03-04T15:00:00.000Z' };
const b = { clientId: 'b', performedAt: '2026-03-04T15:01:00.000Z' };

describe('exercise flow', () => {
  it('counts sets in one session, chosen at the first set, then asks for a rating', () => {
    let flow = exerciseFlow(initialFlow, { type: 'setDone', totalSets: 2, session: a });
    expect(flow).toEqual({ step: 'sets', setsDone: 1, session: a });
    // The second set belongs to the same session, whatever new one is offered.
    flow = exerciseFlow(flow, { type: 'setDone', totalSets: 2, session: b });
    expect(flow).toEqual({ step: 'rating', setsDone: 2, session: a, pain: null, difficulty: null });
    expect(exerciseFlow(flow, { type: 'setDone', totalSets: 2, session: b })).toBe(flow);
    expect(exerciseFlow(flow, { type: 'finishEarly' })).toBe(flow);
  });

  it('finishes early with the sets done so far, and keeps pain and difficulty', () => {
    let flow = exerciseFlow({ step: 'sets', setsDone: 1, session: a }, { type: 'finishEarly' });
    flow = exerciseFlow(exerciseFlow(flow, { type: 'pain', value: 3 }), { type: 'difficulty', value: 'hard' });
    expect(flow).toEqual({ step: 'rating', setsDone: 1, session: a, pain: 3, difficulty: 'hard' });
    expect(exerciseFlow(flow, { type: 'saved' })).toEqual({ step: 'finished', session: a, setsDone: 1 });
    expect(exerciseFlow({ step: 'finished', session: a, setsDone: 1 }, { type: 'again' })).toEqual(initialFlow);
  });

  it('takes up a session that arrived later only on a card not yet begun', () => {
    const arrived = { step: 'sets' as const, setsDone: 1, session: a };
    expect(exerciseFlow(initialFlow, { type: 'resume', flow: arrived })).toEqual(arrived);
    const begun = { step: 'sets' as const, setsDone: 1, session: b };
    expect(exerciseFlow(begun, { type: 'resume', flow: arrived })).toBe(begun);
    const rating = exerciseFlow(begun, { type: 'finishEarly' });
    expect(exerciseFlow(rating, { type: 'resume', flow: { step: 'finished', session: a, setsDone: 2 } })).toBe(rating);
  });

  it("resumes today's unrated session where it stopped, from the phone first, then from the server", () => {
    const item = makeTodayItem(1, { sets: 2 });
    const serverLog = {
      id: 9,
      hep_id: 1,
      sets_done: 1,
      reps_done: null,
      pain: null,
      difficulty: null,
      note: '',
      performed_at: a.performedAt,
      date: '2026-03-04',
      client_id: 'a',
    };
    const onServer = { ...item, done_today: 1, last_log: serverLog };
    expect(resumeFlow(onServer, '2026-03-04', null)).toEqual({ step: 'sets', setsDone: 1, session: a });
    const kept: PendingLog = {
      hep_id: 1,
      client_id: 'a',
      sets_done: 2,
      performed_at: a.performedAt,
      user_id: 300,
      day: '2026-03-04',
      version: 2,
    };
    // All sets done: done for today with its sets, rated or not; on the phone it counts before the server does.
    expect(resumeFlow(onServer, '2026-03-04', kept)).toEqual({ step: 'finished', session: a, setsDone: 2 });
    expect(resumeFlow(item, '2026-03-04', { ...kept, sets_done: 1, pain: 4 })).toEqual({
      step: 'finished',
      session: a,
      setsDone: 1,
    });
    const twiceADay = { ...onServer, due_today: 2, last_log: { ...serverLog, sets_done: 2 } };
    expect(resumeFlow(twiceADay, '2026-03-04', null)).toEqual(initialFlow);
    // Yesterday's session starts afresh.
    expect(resumeFlow({ ...item, last_log: { ...serverLog, date: '2026-03-03' } }, '2026-03-04', null)).toEqual(
      initialFlow,
    );
    expect(resumeFlow({ ...onServer, last_log: null }, '2026-03-04', null)).toEqual({
      step: 'finished',
      session: null,
      setsDone: null,
    });
  });
});
