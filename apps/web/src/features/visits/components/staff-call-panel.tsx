import type { VisitEndReason } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { Spinner } from '@web/components/ui/feedback/spinner.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { trapTab } from '@web/components/ui/modal/focus.ts';
import { interactionStale, useInteractionNote } from '@web/features/patients';
import { errorMessage } from '@web/lib/api-error.ts';
import type { Stale } from '@web/lib/change-mutation.ts';
import { CheckCircle2, Info, PhoneCall, Video } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { CallError, CallState } from '../lib/call-state.ts';
import { viewOf } from '../lib/call-state.ts';
import { useVisitCall } from '../lib/use-visit-call.ts';
import { CallStage, type StageLabels } from './call-stage.tsx';

export type CallPatient = { id: number; name: string; firstName: string; initials: string };

const labels: StageLabels = {
  remoteVideo: 'Patient’s video',
  ownVideo: 'Your camera',
  timer: 'Time connected',
  weak: 'Weak connection: the picture may freeze',
  controls: 'Call controls',
  mute: 'Mute',
  camera: 'Camera off',
  switchCamera: 'Switch camera',
  hangUp: 'Hang up',
};

/**
 * The staff member's video visit with one patient (decision 1375): why the browser is about to ask for the camera,
 * the ringing, the call, and its end with the minutes the server logged and a note on the entry it wrote.
 */
export default function StaffCallPanel({
  patient,
  onClose,
  onLogPhoneCall,
}: {
  patient: CallPatient;
  onClose: () => void;
  onLogPhoneCall: () => void;
}) {
  const { call, state } = useVisitCall('staff');
  const view = viewOf(state);
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  // The visit wrote its call (or not): the interaction log, the RTM card and the call status read it again.
  const endedVisit = state.end?.visit_id;
  useEffect(() => {
    if (endedVisit === undefined) return;
    for (const entry of interactionStale(patient.id) as Stale[]) {
      void queryClient.invalidateQueries(Array.isArray(entry) ? { queryKey: entry } : (entry as object));
    }
  }, [endedVisit, patient.id, queryClient]);
  // A note typed on the ended visit and not saved yet: Escape does not throw it away.
  const [unsavedNote, setUnsavedNote] = useState(false);

  // The page behind stays still, and the keyboard goes back where it was (the "Video visit" button) on closing.
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const isStage = view === 'ringing' || view === 'connecting' || view === 'connected' || view === 'reconnecting';
  // Each new step puts the keyboard on its first control (Hang up during the call); the steps of the call itself
  // (ringing, connecting, connected, reconnecting) leave it where it is.
  const step = isStage ? 'call' : view;
  useEffect(() => {
    if (step === 'preparing') return;
    cardRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab' && cardRef.current && trapTab(cardRef.current, event.shiftKey)) event.preventDefault();
    // Escape closes only what holds no call (a visit is ended with Hang up, never by a stray key), and no note
    // that is not saved yet.
    const canClose = view === 'idle' || view === 'failed' || (view === 'ended' && !unsavedNote);
    if (event.key === 'Escape' && canClose) onClose();
  };

  return (
    <div className="visit-panel">
      <div
        ref={cardRef}
        className={`visit-panel__card${isStage ? '' : ' visit-panel__card--small'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="visit-panel__title">
          Video visit with {patient.name}
        </h2>
        {view === 'idle' && (
          <>
            <p className="visit-panel__text">
              Your browser will ask to use your camera and microphone: choose Allow. Then {patient.firstName}’s phone
              rings in the Rehabit app.
            </p>
            <p className="visit-panel__text">
              Once you have both been connected for a minute, the visit is logged as a live call for you, with its
              minutes.
            </p>
            <div className="visit-panel__actions">
              <Button
                data-autofocus
                icon={<Video size={18} aria-hidden="true" />}
                onClick={() => void call.start(patient.id, true)}
              >
                Start video visit
              </Button>
              <Button variant="secondary" onClick={() => void call.start(patient.id, false)}>
                Audio only
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </>
        )}
        {view === 'preparing' && (
          <p className="visit-panel__summary" role="status">
            <Spinner size={18} /> Waiting for your camera and microphone…
          </p>
        )}
        {isStage && (
          <CallStage
            call={call}
            state={state}
            labels={labels}
            remoteInitials={patient.initials}
            status={stageStatus(view, patient.firstName, patient.name)}
          />
        )}
        {view === 'ended' && <Ended state={state} patient={patient} onClose={onClose} onUnsavedNote={setUnsavedNote} />}
        {view === 'failed' && state.error && (
          <Failed
            error={state.error}
            patient={patient}
            onAudioOnly={() => void call.start(patient.id, false)}
            onRetry={() => void call.start(patient.id, state.withVideo)}
            onLogPhoneCall={onLogPhoneCall}
            onClose={onClose}
          />
        )}
      </div>
    </div>
  );
}

function stageStatus(view: string, firstName: string, name: string): ReactNode {
  if (view === 'ringing') return <>Calling {name}…</>;
  if (view === 'connecting') return <>{firstName} answered. Connecting…</>;
  if (view === 'reconnecting') return <>Reconnecting… The visit goes on when the connection is back.</>;
  return null;
}

const endReasons: Record<VisitEndReason, (firstName: string) => string> = {
  hang_up: () => 'The visit has ended.',
  unanswered: (firstName) => `${firstName} did not answer.`,
  both_left: () => 'The visit ended: both sides left.',
  no_connection_timeout: () => 'The visit ended: the connection did not come back within a minute.',
};

function Ended({
  state,
  patient,
  onClose,
  onUnsavedNote,
}: {
  state: CallState;
  patient: CallPatient;
  onClose: () => void;
  onUnsavedNote: (unsaved: boolean) => void;
}) {
  const end = state.end!;
  const note = useInteractionNote(patient.id);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  const unsaved = text.trim() !== '' && !saved;
  useEffect(() => onUnsavedNote(unsaved), [onUnsavedNote, unsaved]);
  return (
    <>
      <p className="visit-panel__text">{endReasons[end.reason](patient.firstName)}</p>
      {end.log_id !== null ? (
        <p className="visit-panel__summary" role="status">
          <CheckCircle2 size={22} aria-hidden="true" className="visit-panel__ok" />
          Logged as a live call of {end.logged_minutes} {end.logged_minutes === 1 ? 'minute' : 'minutes'}
        </p>
      ) : (
        <p className="visit-panel__summary" role="status">
          <Info size={22} aria-hidden="true" />
          Not logged: under a minute connected
        </p>
      )}
      {end.log_id !== null && (
        <form
          aria-label="Note on the call"
          onSubmit={(event) => {
            event.preventDefault();
            note.mutate({ log: end.log_id!, notes: text }, { onSuccess: () => setSaved(true) });
          }}
        >
          {note.isError && <Alert tone="danger">{errorMessage(note.error)}</Alert>}
          <TextArea
            label="What did you discuss?"
            rows={3}
            maxLength={2000}
            data-autofocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setSaved(false);
            }}
            hint="Saved on the call in the interaction log."
          />
          <div className="visit-panel__actions">
            <Button type="submit" isLoading={note.isPending} disabled={text.trim() === ''}>
              Save note
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
          {saved && (
            <p className="visit-panel__text" role="status">
              The note is saved.
            </p>
          )}
        </form>
      )}
      {end.log_id === null && (
        <div className="visit-panel__actions">
          <Button data-autofocus variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      )}
    </>
  );
}

function failureText(error: CallError, firstName: string): { title: string; text: string } {
  switch (error.kind) {
    case 'blocked':
      return {
        title: 'The camera and microphone are blocked',
        text: 'Your browser did not let Rehabit use them. Click the camera icon in the address bar (or the lock beside the address, then Site settings), allow the camera and the microphone for this site, and try again.',
      };
    case 'no-camera':
      return {
        title: 'No camera was found',
        text: `This computer has no camera that the browser can use. You can still call ${firstName} with audio only.`,
      };
    case 'no-microphone':
      return {
        title: 'No microphone was found',
        text: 'Plug in a headset or a microphone, then try again.',
      };
    case 'media':
      return {
        title: 'The camera or microphone could not start',
        text: 'Another program may be using it. Close it and try again.',
      };
    case 'refused':
      return { title: 'The visit could not start', text: error.detail ?? 'The server refused the visit.' };
    case 'offline':
      return {
        title: 'No connection to Rehabit',
        text: 'Check your internet connection and try again.',
      };
    case 'connection':
      return {
        title: 'The video call could not connect',
        text: 'Your network or the patient’s may block video calls (a firewall, or a network that allows only web pages).',
      };
  }
}

function Failed({
  error,
  patient,
  onAudioOnly,
  onRetry,
  onLogPhoneCall,
  onClose,
}: {
  error: CallError;
  patient: CallPatient;
  onAudioOnly: () => void;
  onRetry: () => void;
  onLogPhoneCall: () => void;
  onClose: () => void;
}) {
  const { title, text } = failureText(error, patient.firstName);
  return (
    <>
      <Alert tone="danger" title={title}>
        {text}
      </Alert>
      <div className="visit-panel__actions">
        {error.kind === 'no-camera' ? (
          <Button data-autofocus onClick={onAudioOnly}>
            Call with audio only
          </Button>
        ) : (
          error.kind !== 'refused' && (
            <Button data-autofocus onClick={onRetry}>
              Try again
            </Button>
          )
        )}
        <Button
          variant="secondary"
          data-autofocus={error.kind === 'refused' || undefined}
          icon={<PhoneCall size={18} aria-hidden="true" />}
          onClick={onLogPhoneCall}
        >
          Log a phone call instead
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}
