/** Where a therapist is monitored (seed §1): the patient's chat on a phone or on the desktop, or the dashboard. */
export const monitoringCodes = [
  'MONITORING_CODE_MOBILE_CHAT',
  'MONITORING_CODE_DESKTOP_CHAT',
  'MONITORING_CODE_PATIENT_DASHBOARD',
] as const;
export type MonitoringCode = (typeof monitoringCodes)[number];

/** Seed §9 and product decisions §4. */
export const MONITORING_TICK_MS = 1000;
/** A gap between two ticks above this means the machine slept or was locked. */
export const MONITORING_SLEEP_GAP_MS = 4000;
export const MONITORING_IDLE_CHECK_MS = 1000;
export const MONITORING_IDLE_LIMIT_MS = 300_000;
export const MONITORING_SAVE_INTERVAL_MS = 30_000;
/** After an idle end, the screen moves on (patient list, chat, or the chat panel closes) this much later. */
export const MONITORING_IDLE_REDIRECT_MS = 2000;

/** The counter of the pill and the banner. */
export type MonitoringTimer = { seconds: number; isOn: boolean; code: MonitoringCode | null };

export type MonitoringTimerEvent =
  | { type: 'flag'; isOn: boolean }
  | { type: 'tick' }
  | { type: 'code'; code: MonitoringCode | null }
  | { type: 'removed' };

export const stoppedTimer: MonitoringTimer = { seconds: 0, isOn: false, code: null };

/**
 * The timer of seed §4: stopped at 0; counts a second at each tick while flagged on; a flag going off pauses it,
 * keeping the count; a new monitoring code starts again from 0 (still counting if still flagged on); removing the
 * indicator stops it at 0.
 */
export function nextMonitoringTimer(timer: MonitoringTimer, event: MonitoringTimerEvent): MonitoringTimer {
  switch (event.type) {
    case 'flag':
      return { ...timer, isOn: event.isOn };
    case 'tick':
      return timer.isOn ? { ...timer, seconds: timer.seconds + 1 } : timer;
    case 'code':
      return event.code === timer.code ? timer : { ...timer, code: event.code, seconds: 0 };
    case 'removed':
      return stoppedTimer;
  }
}
