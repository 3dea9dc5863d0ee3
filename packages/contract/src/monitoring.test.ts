import { describe, expect, it } from 'vitest';
import { type MonitoringTimerEvent, nextMonitoringTimer, stoppedTimer } from './monitoring.ts';

const run = (events: MonitoringTimerEvent[]) => events.reduce(nextMonitoringTimer, stoppedTimer);
const on: MonitoringTimerEvent = { type: 'flag', isOn: true };
const off: MonitoringTimerEvent = { type: 'flag', isOn: false };
const tick: MonitoringTimerEvent = { type: 'tick' };
const dashboard: MonitoringTimerEvent = { type: 'code', code: 'MONITORING_CODE_PATIENT_DASHBOARD' };
const chat: MonitoringTimerEvent = { type: 'code', code: 'MONITORING_CODE_DESKTOP_CHAT' };

describe('the monitoring timer', () => {
  it.each([
    ['is stopped at 0 and ticks do not count', [tick, tick], 0, false],
    ['counts a second a tick once flagged on', [dashboard, on, tick, tick, tick], 3, true],
    ['pauses when the flag goes off, keeping the count', [dashboard, on, tick, tick, off, tick, tick], 2, false],
    ['goes on from the kept count when flagged on again', [dashboard, on, tick, off, tick, on, tick], 2, true],
    ['starts again from 0 at a new code, counting if still flagged', [dashboard, on, tick, tick, chat, tick], 1, true],
    [
      'starts again from 0 at a new code while paused, and stays paused',
      [dashboard, on, tick, off, chat, tick],
      0,
      false,
    ],
    ['keeps the count when the same code is set again', [dashboard, on, tick, dashboard, tick], 2, true],
    ['stops at 0 when the indicator is removed', [dashboard, on, tick, tick, { type: 'removed' }, tick], 0, false],
  ] as const)('%s', (_, events, seconds, isOn) => {
    const timer = run([...events]);
    expect(timer.seconds).toBe(seconds);
    expect(timer.isOn).toBe(isOn);
  });
});
