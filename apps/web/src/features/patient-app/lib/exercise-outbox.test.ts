import type { ExerciseLogBody } from '@rehabit/contract';
import { useAuthStore } from '@web/features/session';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepLog, sendPendingLogs, useExerciseOutbox } from './exercise-outbox.ts';

const session = (clientId: string, hepId: number) => ({
  hep_id: hepId,
  client_id: clientId,
  sets_done: 1,
  performed_at: '2026-03-04T15:00:00.000Z',
});

describe('the exercise outbox', () => {
  beforeEach(() => {
    useExerciseOutbox.setState({ pending: {}, delivery: {} });
    useAuthStore.setState({ token: 'patient-a' });
  });

  it('sends each session with the phone’s clock of the moment, which the server dates it by', async () => {
    keepLog(300, '2026-03-04', session('a-1', 1));
    const sent: ExerciseLogBody[] = [];
    await sendPendingLogs(
      300,
      async (body) => sent.push(body),
      () => {},
    );
    expect(sent).toEqual([{ ...session('a-1', 1), sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(useExerciseOutbox.getState().pending).toEqual({});
  });

  it('stops a run once another session holds the phone, keeping the rest for their own patient', async () => {
    keepLog(300, '2026-03-04', session('a-1', 1));
    keepLog(300, '2026-03-04', session('a-2', 2));
    const sent: string[] = [];
    await sendPendingLogs(
      300,
      async (body) => {
        sent.push(body.client_id);
        // Patient A signs out and patient B signs in while A's first session is on its way.
        useAuthStore.setState({ token: 'patient-b' });
      },
      () => {},
    );
    expect(sent).toEqual(['a-1']);
    expect(Object.keys(useExerciseOutbox.getState().pending)).toEqual(['a-2']);
  });
});
