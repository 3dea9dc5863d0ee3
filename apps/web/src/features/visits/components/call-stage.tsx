import { Mic, MicOff, PhoneOff, SignalLow, SwitchCamera, Video, VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CallState, formatCallTime } from '../lib/call-state.ts';
import { useCallClock } from '../lib/use-call-clock.ts';
import type { VisitCall } from '../lib/visit-call.ts';
import { StreamVideo } from './stream-video.tsx';
import './visits.css';

/** The words of the call screen, in the language of the side that shows it. */
export type StageLabels = {
  remoteVideo: string;
  ownVideo: string;
  timer: string;
  weak: string;
  controls: string;
  mute: string;
  camera: string;
  switchCamera: string;
  hangUp: string;
};

/**
 * The call itself: the other side's video large, this device's preview small, the time connected, and the controls.
 * `status` is laid over the picture while there is nothing to watch yet (ringing, connecting, reconnecting).
 */
export function CallStage({
  call,
  state,
  labels,
  status,
  remoteInitials,
}: {
  call: VisitCall;
  state: CallState;
  labels: StageLabels;
  status?: ReactNode;
  remoteInitials: string;
}) {
  const elapsed = useCallClock(state);
  const hasRemoteVideo = (call.remoteStream?.getVideoTracks().length ?? 0) > 0;
  const hasOwnVideo = (call.localStream?.getVideoTracks().length ?? 0) > 0;
  const isLive = state.stage === 'in-call';
  return (
    <div className="visit-stage">
      <StreamVideo
        stream={call.remoteStream}
        className={`visit-stage__remote${hasRemoteVideo ? '' : ' visit-stage__remote--none'}`}
        label={labels.remoteVideo}
      />
      {!hasRemoteVideo && (
        <div className="visit-stage__avatar" aria-hidden="true">
          {remoteInitials}
        </div>
      )}
      {status && (
        <div className="visit-stage__status" role="status">
          {status}
        </div>
      )}
      {hasOwnVideo && (
        <StreamVideo
          stream={call.localStream}
          isOwn
          className={`visit-stage__self${state.cameraOff ? ' visit-stage__self--off' : ''}`}
          label={labels.ownVideo}
        />
      )}
      <div className="visit-stage__top">
        {isLive && (
          <span className="visit-stage__timer" role="timer" aria-label={labels.timer}>
            {formatCallTime(elapsed)}
          </span>
        )}
        {state.weak && (
          <span className="visit-stage__weak" role="status">
            <SignalLow size={18} aria-hidden="true" /> {labels.weak}
          </span>
        )}
      </div>
      <fieldset className="visit-controls" aria-label={labels.controls}>
        <button type="button" className="visit-control" aria-pressed={state.muted} onClick={() => call.toggleMute()}>
          {state.muted ? <MicOff size={24} aria-hidden="true" /> : <Mic size={24} aria-hidden="true" />}
          <span>{labels.mute}</span>
        </button>
        {hasOwnVideo && (
          <button
            type="button"
            className="visit-control"
            aria-pressed={state.cameraOff}
            onClick={() => call.toggleCamera()}
          >
            {state.cameraOff ? <VideoOff size={24} aria-hidden="true" /> : <Video size={24} aria-hidden="true" />}
            <span>{labels.camera}</span>
          </button>
        )}
        {hasOwnVideo && call.cameras > 1 && (
          <button type="button" className="visit-control" onClick={() => void call.switchCamera()}>
            <SwitchCamera size={24} aria-hidden="true" />
            <span>{labels.switchCamera}</span>
          </button>
        )}
        <button
          type="button"
          className="visit-control visit-control--hang-up"
          data-autofocus
          onClick={() => void call.hangUp()}
        >
          <PhoneOff size={24} aria-hidden="true" />
          <span>{labels.hangUp}</span>
        </button>
      </fieldset>
    </div>
  );
}
