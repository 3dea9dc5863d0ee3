import { describe, expect, it } from 'vitest';
import { type CallEvent, callReducer, connectedMsAt, formatCallTime, initialCallState, viewOf } from './call-state.ts';

const run = (...events: CallEvent[]) => events.reduce(callReducer, initialCallState);
const end = { visit_id: 4, reason: 'hang_up' as const, logged_minutes: 1, log_id: 9 };

describe('a visit’s state on this device', () => {
  it('rings, connects, counts only the time connected across a drop, and stops the clock at the end', () => {
    const ringing = run({ type: 'prepare', withVideo: true }, { type: 'started', visitId: 4 });
    expect(viewOf(ringing)).toBe('ringing');
    const connecting = callReducer(ringing, { type: 'other-joined' });
    expect(viewOf(connecting)).toBe('connecting');
    const connected = callReducer(connecting, { type: 'peer', connected: true, at: 1000 });
    expect(viewOf(connected)).toBe('connected');
    const dropped = callReducer(connected, { type: 'peer', connected: false, at: 31_000 });
    expect(viewOf(dropped)).toBe('reconnecting');
    expect(connectedMsAt(dropped, 50_000)).toBe(30_000);
    const back = callReducer(dropped, { type: 'peer', connected: true, at: 41_000 });
    expect(connectedMsAt(back, 46_000)).toBe(35_000);
    const ended = callReducer(back, { type: 'ended', end, at: 76_000 });
    expect(viewOf(ended)).toBe('ended');
    expect(connectedMsAt(ended, 200_000)).toBe(65_000);
    expect(callReducer(ended, { type: 'peer', connected: true, at: 80_000 })).toBe(ended);
  });

  it('shows a lost socket as reconnecting while the call is on, and a weak connection only while connected', () => {
    const connected = run(
      { type: 'prepare', withVideo: false },
      { type: 'joined', visitId: 4 },
      { type: 'peer', connected: true, at: 0 },
    );
    expect(connected.cameraOff).toBe(true);
    expect(viewOf(callReducer(connected, { type: 'socket', live: false }))).toBe('reconnecting');
    expect(callReducer(connected, { type: 'weak', weak: true }).weak).toBe(true);
    const dropped = callReducer(connected, { type: 'peer', connected: false, at: 5 });
    expect(callReducer(dropped, { type: 'weak', weak: true }).weak).toBe(false);
  });

  it('keeps the reason of a failure', () => {
    const failed = run({ type: 'prepare', withVideo: true }, { type: 'failed', error: { kind: 'blocked' }, at: 0 });
    expect(viewOf(failed)).toBe('failed');
    expect(failed.error).toEqual({ kind: 'blocked' });
  });

  it('writes the timer as minutes and seconds, hours when it gets there', () => {
    expect(formatCallTime(7_400)).toBe('0:07');
    expect(formatCallTime(65_000)).toBe('1:05');
    expect(formatCallTime(3_729_000)).toBe('1:02:09');
  });
});
