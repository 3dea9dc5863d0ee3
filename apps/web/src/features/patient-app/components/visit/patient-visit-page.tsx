import '@web/features/patient-app/i18n/visit-strings.ts';
import { Button } from '@web/components/ui/button/button.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { Spinner } from '@web/components/ui/feedback/spinner.tsx';
import { paths } from '@web/config/paths.ts';
import { type CallError, CallStage, type StageLabels, useVisitCall, viewOf } from '@web/features/visits';
import { AlertTriangle, Mic, PhoneOff, Video } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { StateCard } from '../state-card.tsx';
import type { VisitAnswer } from './incoming-call.tsx';
import './visit.css';

const failures: Record<
  CallError['kind'],
  'blocked' | 'noCamera' | 'noMicrophone' | 'media' | 'refused' | 'offline' | 'connection'
> = {
  blocked: 'blocked',
  'no-camera': 'noCamera',
  'no-microphone': 'noMicrophone',
  media: 'media',
  refused: 'refused',
  offline: 'offline',
  connection: 'connection',
};

/**
 * The patient's side of a video visit (decision 1375): answered from the ring (or joined here again after a reload),
 * the call over the whole screen, and its end with the way back to Today. A screen lock or a network drop keeps the
 * visit: the device joins it again when the connection is back.
 */
export function PatientVisitPage() {
  const { t } = useTranslation();
  const visitId = Number(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  // Kept for this screen: the history entry loses the answer once it is used (below).
  const [given] = useState(() => (location.state ?? null) as VisitAnswer | null);
  const { call, state } = useVisitCall('patient');
  const view = viewOf(state);
  const answered = useRef(false);
  const staffName = given?.staffName ?? t('visit.yourTherapist');
  const pageRef = useRef<HTMLDivElement>(null);

  const answer = (withVideo: boolean) => {
    answered.current = true;
    void call.answer(visitId, withVideo);
  };
  // Answered on the ring's card: the camera is asked for at once, as the card said it would be. The answer leaves
  // the history entry, so a reload or Back explains the permission first rather than answering again.
  useEffect(() => {
    if (given?.answer && !answered.current && Number.isInteger(visitId)) {
      answer(given.answer === 'video');
      navigate(location.pathname, { replace: true, state: null });
    }
  });

  // Each new step puts the keyboard on its first control (Hang up during the call), or on its heading; the steps of
  // the call itself (connecting, connected, reconnecting) leave it where it is.
  const isCall = view === 'ringing' || view === 'connecting' || view === 'connected' || view === 'reconnecting';
  const step = isCall ? 'call' : view;
  useEffect(() => {
    if (step === 'idle' || step === 'preparing') return;
    const page = pageRef.current;
    const target =
      page?.querySelector<HTMLElement>('[data-autofocus]') ?? page?.querySelector<HTMLElement>('h1, h2') ?? null;
    if (target && !target.matches('button, a[href]')) target.tabIndex = -1;
    target?.focus();
  }, [step]);

  const labels = useMemo<StageLabels>(
    () => ({
      remoteVideo: t('visit.remoteVideo'),
      ownVideo: t('visit.ownVideo'),
      timer: t('visit.timer'),
      weak: t('visit.weak'),
      controls: t('visit.controls'),
      mute: t('visit.mute'),
      camera: t('visit.camera'),
      switchCamera: t('visit.switchCamera'),
      hangUp: t('visit.hangUp'),
    }),
    [t],
  );

  const backToday = (
    <ButtonLink to={paths.myToday.getHref()} size="lg">
      {t('visit.backToday')}
    </ButtonLink>
  );

  if (view === 'idle') {
    return (
      <section className="pa-card" aria-labelledby="visit-title">
        <h1 id="visit-title" className="pa-card__title">
          {t('visit.title')}
        </h1>
        <p>{t('visit.intro')}</p>
        <Button size="lg" isFullWidth icon={<Video size={20} aria-hidden="true" />} onClick={() => answer(true)}>
          {t('visit.joinVideo')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          isFullWidth
          icon={<Mic size={20} aria-hidden="true" />}
          onClick={() => answer(false)}
        >
          {t('visit.joinAudio')}
        </Button>
      </section>
    );
  }

  if (view === 'preparing') {
    return (
      <section className="pa-card pa-state" aria-labelledby="visit-title" role="status">
        <Spinner size={32} />
        <h1 id="visit-title" className="pa-card__title">
          {t('visit.preparing')}
        </h1>
      </section>
    );
  }

  if (view === 'ended') {
    return (
      <div role="status" ref={pageRef}>
        <StateCard icon={PhoneOff} title={t('visit.ended')} action={backToday}>
          {state.end?.reason === 'unanswered' ? t('visit.unanswered') : t('visit.endedText')}
        </StateCard>
      </div>
    );
  }

  if (view === 'failed' && state.error) {
    const key = failures[state.error.kind];
    return (
      <div role="alert" ref={pageRef}>
        <StateCard icon={AlertTriangle} title={t(`visit.${key}`)}>
          {t(`visit.${key}Text`)}
        </StateCard>
        <div className="pa-visit__actions">
          {state.error.kind === 'no-camera' && (
            <Button size="lg" isFullWidth icon={<Mic size={20} aria-hidden="true" />} onClick={() => answer(false)}>
              {t('visit.joinAudio')}
            </Button>
          )}
          {(state.error.kind === 'blocked' || state.error.kind === 'media' || state.error.kind === 'offline') && (
            <Button size="lg" isFullWidth onClick={() => answer(state.withVideo)}>
              {t('common.tryAgain')}
            </Button>
          )}
          {backToday}
        </div>
      </div>
    );
  }

  const status =
    view === 'connecting' || view === 'ringing'
      ? t('visit.connecting', { name: staffName })
      : view === 'reconnecting'
        ? t('visit.reconnecting')
        : undefined;
  return (
    <section className="pa-visit" aria-label={t('visit.title')} ref={pageRef}>
      <CallStage
        call={call}
        state={state}
        labels={labels}
        remoteInitials={initialsOf(staffName)}
        status={
          status && (
            <>
              <Spinner size={20} /> {status}
            </>
          )
        }
      />
    </section>
  );
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
