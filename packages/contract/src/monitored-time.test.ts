import { describe, expect, it } from 'vitest';
import { monitoredSecondsOf } from './monitored-time.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 10, 15, 0, 0) + seconds * 1000);
const session = (start: number, seconds: number) => ({ startedAt: at(start), seconds });

describe('monitoredSecondsOf', () => {
  it.each([
    ['nothing', [], 0],
    ['one session: its seconds', [session(0, 90)], 90],
    ['apart: the sum', [session(0, 60), session(120, 30)], 90],
    ['touching: the sum', [session(0, 60), session(60, 30)], 90],
    ['three staff at once: the wall clock once', [session(0, 25), session(0.4, 25), session(0.8, 25)], 25],
    ['one inside another', [session(0, 300), session(100, 50)], 300],
    ['overlapping in a chain', [session(0, 60), session(30, 60), session(80, 40)], 120],
    ['out of order', [session(80, 40), session(0, 60), session(30, 60)], 120],
    ['sessions that counted nothing', [session(0, 0), session(10, 0)], 0],
  ])('%s', (_, sessions, seconds) => {
    expect(monitoredSecondsOf(sessions)).toBe(seconds);
  });

  it('reads starts given as ISO strings, as the billing input carries them', () => {
    const strings = [session(0, 60), session(30, 60)].map((s) => ({ ...s, startedAt: s.startedAt.toISOString() }));
    expect(monitoredSecondsOf(strings)).toBe(90);
  });

  it('floors once over the union, never more than the span the sessions cover', () => {
    // 10.5 s of wall clock twice: 21 s, not 20 by flooring each part.
    const sessions = [session(0, 10), session(0.5, 10), session(100, 10), session(100.5, 10)];
    expect(monitoredSecondsOf(sessions)).toBe(21);
  });
});
