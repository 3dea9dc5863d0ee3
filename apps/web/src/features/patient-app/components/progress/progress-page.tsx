import { Button } from '@web/components/ui/button/button.tsx';
import { useProgress } from '@web/features/patient-app/api/get-progress.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { ChevronLeft, ChevronRight, Flame } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../state-card.tsx';
import { PainChart } from './pain-chart.tsx';
import { WeekBars } from './week-bars.tsx';

const dateLabel = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** Progress: the streak, the week's days done, and pain in words; older weeks one tap back. */
export function ProgressPage() {
  const { t, i18n } = useTranslation();
  const [weeksAgo, setWeeksAgo] = useState(0);
  const progress = useProgress(weeksAgo);
  useDocumentTitle(t('progress.title'));
  const data = progress.data;

  return (
    <div className="pa-page">
      <h1 className="pa-title">{t('progress.title')}</h1>
      {progress.isPending && (
        <p className="pa-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {progress.isError && !data && (
        <LoadError title={t('progress.loadFailed')} error={progress.error} onRetry={() => progress.refetch()} />
      )}
      {data && (
        <>
          <section className="pa-card pa-streak" aria-label={t('progress.streak', { count: data.streak })}>
            <Flame size={36} aria-hidden="true" className="pa-streak__icon" />
            <p className="pa-streak__text">{t('progress.streak', { count: data.streak })}</p>
          </section>
          <section className="pa-card" aria-labelledby="week-title">
            <div className="pa-week-nav">
              <Button
                variant="secondary"
                size="lg"
                onClick={() => setWeeksAgo((weeks) => weeks + 1)}
                aria-label={t('progress.previousWeek')}
                icon={<ChevronLeft size={24} aria-hidden="true" />}
              />
              <h2 id="week-title" className="pa-card__title" aria-live="polite">
                {data.weeks_ago === 0
                  ? t('progress.thisWeek')
                  : t('progress.weekOf', { date: dateLabel(data.week_start, i18n.language) })}
              </h2>
              <Button
                variant="secondary"
                size="lg"
                onClick={() => setWeeksAgo((weeks) => Math.max(0, weeks - 1))}
                disabled={weeksAgo === 0}
                aria-label={t('progress.nextWeek')}
                icon={<ChevronRight size={24} aria-hidden="true" />}
              />
            </div>
            <p className="pa-summary">
              {t('progress.weekSummary', { done: data.summary.done, assigned: data.summary.assigned })}
            </p>
            <WeekBars days={data.days} />
          </section>
          <section className="pa-card" aria-labelledby="pain-title">
            <h2 id="pain-title" className="pa-card__title">
              {t('progress.painTitle')}
            </h2>
            <PainChart days={data.days} />
          </section>
        </>
      )}
    </div>
  );
}
