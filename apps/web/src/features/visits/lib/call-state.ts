import type { VisitEnded } from '@rehabit/contract';

/**
 * Where a visit stands on this device. `in-call` is once the peer connection first connected; from then a drop of the
 * media path or of the socket is a reconnection, not a new call.
 */
export type CallStage = 'idle' | 'preparing' | 'ringing' | 'connecting' | 'in-call' | 'ended' | 'failed';

/**
 * Why a visit could not go on: the camera or microphone blocked, missing, or failing; the server refusing the call
 * (with its words); the peer connection failing (a network that blocks video calls); no connection to the server.
 */
export type CallErrorKind = 'blocked' | 'no-camera' | 'no-microphone' | 'media' | 'refused' | 'connection' | 'offline';
export type CallError = { kind: CallErrorKind; detail?: string };

export type CallState = {
  stage: CallStage;
  visitId: number | null;
  withVideo: boolean;
  peerConnected: boolean;
  socketLive: boolean;
  /** Time the peer connection was connected before the current stretch. */
  connectedMs: number;
  /** When the current connected stretch began (ms, the page's clock), null while not connected. */
  connectedSince: number | null;
  weak: boolean;
  muted: boolean;
  cameraOff: boolean;
  error: CallError | null;
  end: VisitEnded | null;
};

export const initialCallState: CallState = {
  stage: 'idle',
  visitId: null,
  withVideo: true,
  peerConnected: false,
  socketLive: true,
  connectedMs: 0,
  connectedSince: null,
  weak: false,
  muted: false,
  cameraOff: false,
  error: null,
  end: null,
};

export type CallEvent =
  | { type: 'prepare'; withVideo: boolean }
  | { type: 'started'; visitId: number }
  | { type: 'joined'; visitId: number }
  | { type: 'other-joined' }
  | { type: 'peer'; connected: boolean; at: number }
  | { type: 'socket'; live: boolean }
  | { type: 'weak'; weak: boolean }
  | { type: 'muted'; muted: boolean }
  | { type: 'camera-off'; cameraOff: boolean }
  | { type: 'ended'; end: VisitEnded; at: number }
  | { type: 'failed'; error: CallError; at: number };

const isOver = (state: CallState) => state.stage === 'ended' || state.stage === 'failed';

/** Closes the current connected stretch at `at`, so the time connected stops where the call stopped. */
const stopClock = (state: CallState, at: number): Pick<CallState, 'connectedMs' | 'connectedSince'> => ({
  connectedMs: state.connectedMs + (state.connectedSince === null ? 0 : at - state.connectedSince),
  connectedSince: null,
});

export function callReducer(state: CallState, event: CallEvent): CallState {
  // An ended visit stays ended: late events of the closed connection change nothing.
  if (isOver(state) && event.type !== 'prepare') return state;
  switch (event.type) {
    case 'prepare':
      return { ...initialCallState, stage: 'preparing', withVideo: event.withVideo, cameraOff: !event.withVideo };
    case 'started':
      return { ...state, stage: 'ringing', visitId: event.visitId };
    case 'joined':
      // The staff's device back while the phone still rings keeps ringing: the patient has not answered yet.
      return {
        ...state,
        visitId: event.visitId,
        stage: state.stage === 'in-call' || state.stage === 'ringing' ? state.stage : 'connecting',
      };
    case 'other-joined':
      return state.stage === 'ringing' ? { ...state, stage: 'connecting' } : state;
    case 'peer':
      if (event.connected === state.peerConnected) return state;
      return event.connected
        ? { ...state, stage: 'in-call', peerConnected: true, connectedSince: event.at }
        : { ...state, peerConnected: false, weak: false, ...stopClock(state, event.at) };
    case 'socket':
      return { ...state, socketLive: event.live };
    case 'weak':
      return { ...state, weak: event.weak && state.peerConnected };
    case 'muted':
      return { ...state, muted: event.muted };
    case 'camera-off':
      return { ...state, cameraOff: event.cameraOff };
    case 'ended':
      return {
        ...state,
        stage: 'ended',
        end: event.end,
        peerConnected: false,
        weak: false,
        ...stopClock(state, event.at),
      };
    case 'failed':
      return {
        ...state,
        stage: 'failed',
        error: event.error,
        peerConnected: false,
        weak: false,
        ...stopClock(state, event.at),
      };
  }
}

/** What the screen shows: the stage, with a call in progress split into connected and reconnecting. */
export type CallView = Exclude<CallStage, 'in-call'> | 'connected' | 'reconnecting';

export function viewOf(state: CallState): CallView {
  if (state.stage !== 'in-call') return state.stage;
  return state.peerConnected && state.socketLive ? 'connected' : 'reconnecting';
}

/** The time this device has been connected in the visit, at `now`. */
export const connectedMsAt = (state: CallState, now: number) =>
  state.connectedMs + (state.connectedSince === null ? 0 : now - state.connectedSince);

/** A time connected as people read a call's timer: 0:07, 1:05, 1:02:09. */
export function formatCallTime(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
