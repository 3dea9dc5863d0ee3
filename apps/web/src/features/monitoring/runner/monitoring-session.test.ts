import {
  MONITORING_IDLE_LIMIT_MS,
  MONITORING_IDLE_REDIRECT_MS,
  MONITORING_UNFOCUSED_INACTIVE_MS,
  type MonitoringCode,
  type MonitoringTimer,
  type MonitoringUpdateBody,
  nextMonitoringTimer,
  stoppedTimer,
} from '@rehabit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type MonitoringOrigin,
  type MonitoringPorts,
  type MonitoringTarget,
  type SaveOutcome,
  startMonitoringSession,
} from './monitoring-session.ts';

const dashboard: MonitoringTarget = {
  patientId: 7,
  displayName: 'Maria L.',
  code: 'MONITORING_CODE_PATIENT_DASHBOARD',
  origin: 'dashboard',
};

/** The outside world of a session: a server that numbers sessions, a page that can hide or lose focus, the pill. */
type StartAnswer = number | { refused: string } | 'unreachable';

function fakeWorld(options: { startAnswers?: StartAnswer[]; startTakesMs?: number } = {}) {
  const answers = [...(options.startAnswers ?? [])];
  let nextId = 100;
  const world = {
    hidden: false,
    focused: true,
    saveOutcome: 'open' as SaveOutcome,
    timer: stoppedTimer as MonitoringTimer,
    starts: [] as number[],
    startContexts: [] as MonitoringCode[],
    saves: [] as Array<{ id: number } & MonitoringUpdateBody>,
    ended: [] as number[],
    counted: [] as number[],
    refusals: [] as string[],
    left: [] as MonitoringOrigin[],
  };
  const ports: MonitoringPorts = {
    start: async (patientId, context) => {
      world.starts.push(patientId);
      world.startContexts.push(context);
      if (options.startTakesMs) await new Promise((resolve) => setTimeout(resolve, options.startTakesMs));
      const answer = answers.length > 0 ? answers.shift()! : nextId++;
      if (answer === 'unreachable') throw new Error('offline');
      return answer;
    },
    save: async (id, body) => {
      world.saves.push({ id, ...body });
      return world.saveOutcome;
    },
    isHidden: () => world.hidden,
    hasFocus: () => world.focused,
    timer: (event) => {
      world.timer = nextMonitoringTimer(world.timer, event);
    },
    leaveAfterIdle: (origin) => world.left.push(origin),
    ended: (patientId) => world.ended.push(patientId),
    counted: (patientId) => world.counted.push(patientId),
    refused: (why) => world.refusals.push(why),
    now: () => Date.now(),
  };
  const ends = () => world.saves.filter((save) => save.end_reason);
  return { world, ports, ends };
}

/** Lets time pass second by second, with the page attended (a sign of life each second) or not. */
async function pass(ms: number, session?: { activity(): void }) {
  for (let left = ms; left > 0; left -= 1000) {
    await vi.advanceTimersByTimeAsync(Math.min(1000, left));
    session?.activity();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('a monitoring session (decision 0704)', () => {
  it('starts on opening, shows the pill once the server has opened it, and counts a second per tick', async () => {
    const { world, ports } = fakeWorld();
    startMonitoringSession(dashboard, ports);
    expect(world.starts).toEqual([7]);
    // The start names where the clinician is, so a session ended before its first save still has its context.
    expect(world.startContexts).toEqual(['MONITORING_CODE_PATIENT_DASHBOARD']);
    expect(world.timer).toEqual({ seconds: 0, isOn: false, code: 'MONITORING_CODE_PATIENT_DASHBOARD' });
    await vi.advanceTimersByTimeAsync(0);
    expect(world.timer.isOn).toBe(true);
    await vi.advanceTimersByTimeAsync(65_000);
    expect(world.timer.seconds).toBe(65);
  });

  it('claims the whole seconds since the server answered, not the ticks, so the server never has to cut them', async () => {
    const { world, ports, ends } = fakeWorld({ startTakesMs: 600 });
    const session = startMonitoringSession(dashboard, ports);
    await pass(2000, session);
    // Two ticks have passed since the opening, but only 1.4 s.
    expect(world.timer.seconds).toBe(2);
    session.stop();
    expect(ends()).toEqual([expect.objectContaining({ elapsed_seconds: 1, end_reason: 'left' })]);
  });

  it('saves every 30 s with the count at the last sign of life and the context', async () => {
    const { world, ports } = fakeWorld();
    const session = startMonitoringSession(dashboard, ports);
    await pass(30_000, session);
    expect(world.saves).toEqual([{ id: 100, elapsed_seconds: 29, context: 'MONITORING_CODE_PATIENT_DASHBOARD' }]);
    // Each saved beat says the minutes moved, so the screen reads them again (decision 1242).
    expect(world.counted).toEqual([7]);
    // Reading without touching anything for 20 s: the next save claims no more than the last sign of life.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(world.saves.at(-1)).toMatchObject({ elapsed_seconds: 30 });
    // The clinician moves again: the quiet reading counts, being well short of the idle limit.
    session.activity();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(world.saves.at(-1)).toMatchObject({ elapsed_seconds: 60 });
  });

  it('ends at once when the tab is hidden, counting up to that moment, and resumes on activity when shown', async () => {
    const { world, ports, ends } = fakeWorld();
    const session = startMonitoringSession(dashboard, ports);
    await pass(12_000, session);
    world.hidden = true;
    session.away();
    expect(ends()).toEqual([
      { id: 100, elapsed_seconds: 12, context: 'MONITORING_CODE_PATIENT_DASHBOARD', end_reason: 'hidden_inactive' },
    ]);
    // The pill pauses, keeping its count.
    expect(world.timer).toMatchObject({ isOn: false, seconds: 12 });
    await vi.advanceTimersByTimeAsync(60_000);
    session.activity();
    expect(world.starts).toHaveLength(1);

    world.hidden = false;
    session.activity();
    await vi.advanceTimersByTimeAsync(0);
    expect(world.starts).toEqual([7, 7]);
    expect(world.timer).toMatchObject({ isOn: true, seconds: 12 });
    await pass(5_000, session);
    session.stop();
    expect(ends().at(-1)).toMatchObject({ id: 101, elapsed_seconds: 5, end_reason: 'left' });
  });

  it('keeps counting in an unfocused window while the clinician is active on it, and ends 30 s after the last sign', async () => {
    const { world, ports, ends } = fakeWorld();
    const session = startMonitoringSession(dashboard, ports);
    await pass(10_000, session);
    world.focused = false;
    session.away();
    await pass(20_000, session);
    expect(ends()).toEqual([]);
    await vi.advanceTimersByTimeAsync(MONITORING_UNFOCUSED_INACTIVE_MS - 1000);
    expect(ends()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ends()).toEqual([expect.objectContaining({ elapsed_seconds: 30, end_reason: 'hidden_inactive' })]);
  });

  it.each([
    { gap: 4000, ends: false },
    { gap: 4001, ends: true },
    { gap: 60 * 60_000, ends: true },
  ])('treats a tick $gap ms after the previous one as sleep: $ends', async ({ gap, ends: shouldEnd }) => {
    const { world, ports, ends } = fakeWorld();
    const session = startMonitoringSession(dashboard, ports);
    await pass(8_000, session);
    // The machine sleeps: no timer fires, the clock moves on.
    vi.setSystemTime(Date.now() + gap - 1000);
    await vi.advanceTimersByTimeAsync(1000);
    if (shouldEnd) {
      expect(ends()).toEqual([expect.objectContaining({ elapsed_seconds: 8, end_reason: 'sleep' })]);
      expect(world.timer).toMatchObject({ isOn: false, seconds: 8 });
    } else {
      expect(ends()).toEqual([]);
      expect(world.timer).toMatchObject({ isOn: true, seconds: 9 });
    }
  });

  it.each([
    ['dashboard', 'MONITORING_CODE_PATIENT_DASHBOARD'],
    ['mobile-chat', 'MONITORING_CODE_MOBILE_CHAT'],
    ['desktop-chat', 'MONITORING_CODE_DESKTOP_CHAT'],
  ] as const)('ends after 5 idle minutes and leaves from %s 2000 ms later, for good', async (origin, code) => {
    const { world, ports, ends } = fakeWorld();
    const session = startMonitoringSession({ ...dashboard, origin, code }, ports);
    await pass(40_000, session);
    await vi.advanceTimersByTimeAsync(MONITORING_IDLE_LIMIT_MS - 1000);
    expect(ends()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    // The idle minutes are never claimed.
    expect(ends()).toEqual([expect.objectContaining({ elapsed_seconds: 40, context: code, end_reason: 'idle' })]);
    await vi.advanceTimersByTimeAsync(MONITORING_IDLE_REDIRECT_MS - 1);
    expect(world.left).toEqual([]);
    session.activity();
    await vi.advanceTimersByTimeAsync(1);
    expect(world.left).toEqual([origin]);
    expect(world.starts).toHaveLength(1);
  });

  it('pauses when the server has ended the session (another tab took over) and resumes on activity', async () => {
    const { world, ports } = fakeWorld();
    const session = startMonitoringSession(dashboard, ports);
    world.saveOutcome = 'ended';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(world.timer.isOn).toBe(false);
    expect(world.ended).toEqual([7]);
    world.saveOutcome = 'open';
    session.activity();
    await vi.advanceTimersByTimeAsync(0);
    expect(world.starts).toEqual([7, 7]);
    expect(world.timer.isOn).toBe(true);
  });

  it('never starts again on a patient the server refuses, removes the indicator and says why', async () => {
    const discharged = 'Only onboarded patients are monitored; this patient is discharged';
    const { world, ports } = fakeWorld({ startAnswers: [{ refused: discharged }] });
    const session = startMonitoringSession(dashboard, ports);
    await vi.advanceTimersByTimeAsync(0);
    session.activity();
    await vi.advanceTimersByTimeAsync(5000);
    expect(world.starts).toEqual([7]);
    expect(world.timer).toEqual(stoppedTimer);
    expect(world.refusals).toEqual([discharged]);
  });

  it('stops, saying why, when the patient was discharged during the session: no loop of starts and beats', async () => {
    const discharged = 'Only onboarded patients are monitored; this patient is discharged';
    const { world, ports } = fakeWorld({ startAnswers: [100, { refused: discharged }] });
    const session = startMonitoringSession(dashboard, ports);
    await pass(20_000, session);
    // The discharge ended the session on the server: its next heart-beat hears "this session has ended".
    world.saveOutcome = 'ended';
    await pass(10_000, session);
    expect(world.saves).toHaveLength(1);
    expect(world.timer.isOn).toBe(false);
    // The next sign of life asks for a new session, which the server refuses with its reason: monitoring is over.
    await pass(60_000, session);
    expect(world.starts).toEqual([7, 7]);
    expect(world.refusals).toEqual([discharged]);
    expect(world.timer).toEqual(stoppedTimer);
    expect(world.saves).toHaveLength(1);
    session.stop();
    expect(world.saves).toHaveLength(1);
  });

  it('tries again on the next sign of life when the server was out of reach', async () => {
    const { world, ports } = fakeWorld({ startAnswers: ['unreachable'] });
    const session = startMonitoringSession(dashboard, ports);
    await vi.advanceTimersByTimeAsync(3000);
    expect(world.timer.isOn).toBe(false);
    session.activity();
    await vi.advanceTimersByTimeAsync(0);
    expect(world.starts).toEqual([7, 7]);
    expect(world.timer.isOn).toBe(true);
  });

  it('waits in a background tab until shown', async () => {
    const { world, ports } = fakeWorld();
    world.hidden = true;
    const session = startMonitoringSession(dashboard, ports);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(world.starts).toEqual([]);
    world.hidden = false;
    session.activity();
    expect(world.starts).toEqual([7]);
  });

  it('ends as left and removes the indicator when the screen is left, even while the start is on its way', async () => {
    const { world, ports, ends } = fakeWorld();
    const session = startMonitoringSession(dashboard, ports);
    session.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(ends()).toEqual([
      { id: 100, elapsed_seconds: 0, context: 'MONITORING_CODE_PATIENT_DASHBOARD', end_reason: 'left' },
    ]);
    expect(world.timer).toEqual(stoppedTimer);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(world.saves).toHaveLength(1);
  });
});
