import {
  MONITORING_IDLE_CHECK_MS,
  MONITORING_IDLE_LIMIT_MS,
  MONITORING_IDLE_REDIRECT_MS,
  MONITORING_SAVE_INTERVAL_MS,
  MONITORING_SLEEP_GAP_MS,
  MONITORING_TICK_MS,
  MONITORING_UNFOCUSED_INACTIVE_MS,
  type MonitoringClientEndReason,
  type MonitoringCode,
  type MonitoringTimerEvent,
  type MonitoringUpdateBody,
} from '@rehabit/contract';

/** Where monitoring began, which decides where an idle end goes: the patient list, chat, or the chat panel closing. */
export type MonitoringOrigin = 'dashboard' | 'mobile-chat' | 'desktop-chat';

/** The patient a screen monitors the clinician on, and how. */
export type MonitoringTarget = {
  patientId: number;
  /** First name and last initial, for the pill. */
  displayName: string;
  code: MonitoringCode;
  origin: MonitoringOrigin;
};

/** What a saved heart-beat found: the session still open, ended by the server, or the server out of reach. */
export type SaveOutcome = 'open' | 'ended' | 'unreachable';

/** The monitoring session's ways out to the server, the page and the pill; faked in its tests. */
export type MonitoringPorts = {
  /**
   * Starts a session on the server, naming where the clinician is: its id, or why the patient cannot be monitored
   * (discharged, removed). Throws when unreachable.
   */
  start(patientId: number, context: MonitoringCode): Promise<number | { refused: string }>;
  /** Sends a heart-beat or, with an end reason, the end. The end must outlive the page (keep-alive). */
  save(sessionId: number, body: MonitoringUpdateBody): Promise<SaveOutcome>;
  isHidden(): boolean;
  hasFocus(): boolean;
  /** Drives the timer of the pill and banner. */
  timer(event: MonitoringTimerEvent): void;
  /** After an idle end and the redirect delay: move to where the monitoring began from. */
  leaveAfterIdle(origin: MonitoringOrigin): void;
  /** A session ended and its seconds are saved: minutes on screen may be refreshed. */
  ended(patientId: number): void;
  /** A heart-beat's seconds are saved and the session goes on: minutes on screen may be refreshed (decision 1242). */
  counted(patientId: number): void;
  /** Monitoring of the patient is over for this screen, for the reason the server gave: the clinician is told. */
  refused(why: string): void;
  now(): number;
};

export type MonitoringSessionControl = {
  /** A sign of life: input on the page, the page shown or focused. Resumes an ended session on the same patient. */
  activity(): void;
  /** The page was hidden or lost the focus. */
  away(): void;
  /** The screen was left: ends the session and removes the indicator. */
  stop(): void;
};

type Phase =
  /** Waiting for the server's id. */
  | 'starting'
  | 'running'
  /** Ended by inactivity, sleep or the server; activity on the same patient starts a new session. */
  | 'paused'
  /** The patient cannot be monitored, the idle end moved on, or the screen was left. */
  | 'over';

/**
 * The therapist monitoring session of decision 0704 on one patient, for as long as its screen is open.
 *
 * - Starts at once; the pill counts a second per tick while the server session is open. A tick more than
 *   `MONITORING_SLEEP_GAP_MS` after the previous one means sleep or lock: the session ends.
 * - Every idle check: a hidden page ends it, an unfocused page without a sign of life for
 *   `MONITORING_UNFOCUSED_INACTIVE_MS` ends it, and `MONITORING_IDLE_LIMIT_MS` without one ends it for idleness and,
 *   `MONITORING_IDLE_REDIRECT_MS` later, leaves the screen by origin.
 * - Saves every `MONITORING_SAVE_INTERVAL_MS`; a session the server ended (replaced by another tab, stale, or its
 *   patient discharged or removed) pauses.
 * - Activity resumes a paused session with a new one on the same patient; a start the server refuses ends monitoring
 *   on this screen and says why.
 *
 * What it reports is the count at the clinician's last sign of life (decision 0704): time after it is never claimed,
 * so a session ended for inactivity, sleep or a hidden page counts only what was on screen and attended.
 */
export function startMonitoringSession(target: MonitoringTarget, ports: MonitoringPorts): MonitoringSessionControl {
  let phase: Phase = 'starting';
  let sessionId: number | null = null;
  /**
   * When the server's answer opened the session, and the clinician's last sign of life in it. What the server is told
   * is the whole seconds between the two, by this clock: the server opened it a little earlier, so it never has
   * to cut them; ticks alone would not do, as the first one comes up to a second after the opening.
   */
  let openedAt = 0;
  let attendedAt = 0;
  let lastTickAt = ports.now();
  let lastActivityAt = ports.now();
  let lastSaveAt = ports.now();

  const body = (end_reason?: MonitoringClientEndReason): MonitoringUpdateBody => ({
    elapsed_seconds: Math.floor((attendedAt - openedAt) / 1000),
    context: target.code,
    ...(end_reason ? { end_reason } : {}),
  });

  function begin() {
    phase = 'starting';
    ports.start(target.patientId, target.code).then(
      (id) => {
        if (typeof id !== 'number') return refuse(id.refused);
        if (phase !== 'starting') {
          // The screen was left while the start was on its way: end what the server opened.
          void ports.save(id, { elapsed_seconds: 0, context: target.code, end_reason: 'left' });
          return;
        }
        sessionId = id;
        phase = 'running';
        openedAt = ports.now();
        attendedAt = openedAt;
        lastSaveAt = openedAt;
        ports.timer({ type: 'flag', isOn: true });
      },
      () => {
        // Out of reach: the next sign of life tries again.
        if (phase === 'starting') phase = 'paused';
      },
    );
  }

  /**
   * The server will not monitor this patient (discharged or removed meanwhile, which also ended the session it had):
   * no new start on this screen, the pill goes and the clinician is told why, once.
   */
  function refuse(why: string) {
    if (phase !== 'starting') return;
    phase = 'over';
    ports.timer({ type: 'removed' });
    ports.refused(why);
  }

  /** Ends the open session with its reason; the pill pauses, keeping its count. */
  function end(reason: MonitoringClientEndReason) {
    if (phase !== 'running' || sessionId === null) return;
    const id = sessionId;
    phase = 'paused';
    sessionId = null;
    ports.timer({ type: 'flag', isOn: false });
    void ports.save(id, body(reason)).then(() => ports.ended(target.patientId));
  }

  function save() {
    if (sessionId === null) return;
    const id = sessionId;
    lastSaveAt = ports.now();
    void ports.save(id, body()).then((outcome) => {
      if (outcome === 'open') ports.counted(target.patientId);
      // Ended by the server (another tab's session replaced it, beats came too late, or the patient was discharged
      // or removed): pause until activity, whose new start the server refuses in the last case (decision 1291).
      if (outcome === 'ended' && sessionId === id) {
        phase = 'paused';
        sessionId = null;
        ports.timer({ type: 'flag', isOn: false });
        ports.ended(target.patientId);
      }
    });
  }

  function tick() {
    const now = ports.now();
    const gap = now - lastTickAt;
    lastTickAt = now;
    if (phase !== 'running') return;
    if (gap > MONITORING_SLEEP_GAP_MS) return end('sleep');
    ports.timer({ type: 'tick' });
    if (now - lastSaveAt >= MONITORING_SAVE_INTERVAL_MS) save();
  }

  function check() {
    if (phase !== 'running') return;
    const quiet = ports.now() - lastActivityAt;
    if (ports.isHidden()) return end('hidden_inactive');
    if (!ports.hasFocus() && quiet >= MONITORING_UNFOCUSED_INACTIVE_MS) return end('hidden_inactive');
    if (quiet >= MONITORING_IDLE_LIMIT_MS) {
      end('idle');
      phase = 'over';
      redirect = setTimeout(() => ports.leaveAfterIdle(target.origin), MONITORING_IDLE_REDIRECT_MS);
    }
  }

  let redirect: ReturnType<typeof setTimeout> | undefined;
  const ticker = setInterval(tick, MONITORING_TICK_MS);
  const idleChecker = setInterval(check, MONITORING_IDLE_CHECK_MS);
  ports.timer({ type: 'code', code: target.code });
  // A screen opened in a background tab waits until it is shown.
  if (ports.isHidden()) phase = 'paused';
  else begin();

  return {
    activity() {
      if (ports.isHidden()) return;
      lastActivityAt = ports.now();
      if (phase === 'running') attendedAt = lastActivityAt;
      else if (phase === 'paused') begin();
    },
    away() {
      // Leaving the page is itself a sign of life: it was attended until this moment.
      if (phase === 'running') attendedAt = ports.now();
      check();
    },
    stop() {
      clearInterval(ticker);
      clearInterval(idleChecker);
      clearTimeout(redirect);
      end('left');
      phase = 'over';
      ports.timer({ type: 'removed' });
    },
  };
}
