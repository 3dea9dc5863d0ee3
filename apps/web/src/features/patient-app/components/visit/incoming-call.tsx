import '@web/features/patient-app/i18n/visit-strings.ts';
import { Button } from '@web/components/ui/button/button.tsx';
import { paths } from '@web/config/paths.ts';
import { Mic, Video } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Ring } from './visit-ring.tsx';
import './visit.css';

/** What the call screen is told by the ring it answers. */
export type VisitAnswer = { answer: 'video' | 'audio'; staffName: string };

/** A visit ringing: who calls, and the three answers, laid over the page the patient is on. */
export default function IncomingCall({ ring, onDone }: { ring: Ring; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  // The answer is one key away for a patient using the keyboard or a screen reader.
  useEffect(() => cardRef.current?.querySelector('button')?.focus(), []);

  const answer = (answer: VisitAnswer['answer']) => {
    onDone();
    navigate(paths.myVisit.getHref(ring.visit_id), {
      state: { answer, staffName: ring.staff_name } satisfies VisitAnswer,
    });
  };

  return (
    <div
      ref={cardRef}
      className="pa-ring"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-text`}
    >
      <h2 id={titleId} className="pa-ring__title">
        <Video size={24} aria-hidden="true" /> {t('visit.ringTitle')}
      </h2>
      <p id={`${titleId}-text`} className="pa-ring__text">
        {t('visit.ringText', { name: ring.staff_name })}
      </p>
      <p className="pa-ring__hint">{t('visit.ringPermission')}</p>
      <div className="pa-ring__actions">
        <Button size="lg" isFullWidth icon={<Video size={20} aria-hidden="true" />} onClick={() => answer('video')}>
          {t('visit.answerVideo')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          isFullWidth
          icon={<Mic size={20} aria-hidden="true" />}
          onClick={() => answer('audio')}
        >
          {t('visit.answerAudio')}
        </Button>
        <Button variant="ghost" size="lg" isFullWidth onClick={onDone}>
          {t('visit.notNow')}
        </Button>
      </div>
    </div>
  );
}
