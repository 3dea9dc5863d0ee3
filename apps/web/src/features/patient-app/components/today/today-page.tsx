import { useMe } from '@web/features/patient-app/api/get-me.ts';
import { useProgress } from '@web/features/patient-app/api/get-progress.ts';
import { useToday } from '@web/features/patient-app/api/get-today.ts';
import { useDueMeasures } from '@web/features/patient-app/api/measures.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { Dumbbell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MeasureDueCard } from '../measures/measure-due-card.tsx';
import { RemindersCard } from '../reminders/reminders-card.tsx';
import { LoadError, StateCard } from '../state-card.tsx';
import { ExerciseCard } from './exercise-card.tsx';
import { PainCard } from './pain-card.tsx';
import { StepsCard } from './steps-card.tsx';

/** Today: the program as big cards, then how the pain is and the day's steps. */
export function TodayPage() {
  const { t } = useTranslation();
  const today = useToday();
  const me = useMe();
  // Check-ins the therapist asked for (decision 1360); Today shows without them when they cannot load.
  const dueMeasures = useDueMeasures();
  // This week's progress knows today's steps so far.
  const week = useProgress(0);
  useDocumentTitle(t('today.title'));

  const stepsToday = week.data?.days.find((day) => day.date === today.data?.date)?.metrics.steps ?? null;

  return (
    <div className="pa-page">
      <div className="pa-page__heading">
        <h1 className="pa-title">{t('today.title')}</h1>
        {me.data && <p className="pa-muted">{t('today.greeting', { name: me.data.first_name })}</p>}
      </div>
      {today.isPending && (
        <p className="pa-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {today.isError && <LoadError title={t('today.loadFailed')} error={today.error} onRetry={() => today.refetch()} />}
      {today.data && (
        <>
          {dueMeasures.data?.due.map((measure) => (
            <MeasureDueCard key={measure.assignment_id} measure={measure} />
          ))}
          {today.data.items.length === 0 ? (
            <StateCard icon={Dumbbell} title={t('today.emptyTitle')}>
              {t('today.empty')}
            </StateCard>
          ) : (
            <>
              <p className="pa-summary" role="status">
                {today.data.due > 0 && today.data.done >= today.data.due
                  ? t('today.allDone')
                  : t('today.summary', { done: today.data.done, count: today.data.due })}
              </p>
              {today.data.items.map((item, index) => (
                <ExerciseCard key={item.id} item={item} number={index + 1} day={today.data.date} />
              ))}
            </>
          )}
          <PainCard painToday={today.data.pain_today} />
          <StepsCard stepsToday={stepsToday} />
          <RemindersCard />
        </>
      )}
    </div>
  );
}
