import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { type ManualReading, usePostReading } from '@web/features/patient-app/api/post-reading.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PainScale } from '../pain-scale.tsx';

/** "How is your pain today?": one tap on 0–10 saves a pain reading for the day. */
export function PainCard({ painToday }: { painToday: number | null }) {
  const { t } = useTranslation();
  const post = usePostReading();
  const [isChanging, setChanging] = useState(false);
  // Kept so a retry sends the very same reading (same time), which the server stores once.
  const [reading, setReading] = useState<ManualReading | null>(null);

  const send = (next: ManualReading) => {
    setReading(next);
    post.mutate(next, { onSuccess: () => setChanging(false) });
  };
  const shown = post.isSuccess && reading ? reading.value : painToday;
  const isAsking = shown === null || isChanging || post.isPending || post.isError;

  return (
    <section className="pa-card" aria-labelledby="pain-today-title">
      <h2 id="pain-today-title" className="pa-card__title">
        {t('pain.title')}
      </h2>
      {isAsking ? (
        <>
          <PainScale
            legend={t('pain.title')}
            isLegendHidden
            value={reading?.value ?? null}
            onChange={(value) => send({ kind: 'painlevel', value, measuredAt: new Date().toISOString() })}
          />
          {post.isError && reading && (
            <Alert tone="danger">
              {t('pain.failed')}{' '}
              <Button variant="secondary" onClick={() => send(reading)}>
                {t('common.tryAgain')}
              </Button>
            </Alert>
          )}
        </>
      ) : (
        <div className="pa-saved" role="status">
          <p className="pa-saved__value">{t('pain.saved', { value: shown })}</p>
          <Button variant="secondary" size="lg" onClick={() => setChanging(true)}>
            {t('pain.change')}
          </Button>
        </div>
      )}
    </section>
  );
}
