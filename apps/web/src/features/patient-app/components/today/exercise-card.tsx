import { type TodayItem, VIDEO_DEFAULTS } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { useLogExercise } from '@web/features/patient-app/api/log-exercise.ts';
import { newLogId } from '@web/features/patient-app/lib/client-id.ts';
import { type ExerciseFlow, exerciseFlow, initialFlow } from '@web/features/patient-app/lib/exercise-flow.ts';
import { CheckCircle2 } from 'lucide-react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ExerciseRating } from './exercise-rating.tsx';
import { ExerciseVideo } from './exercise-video.tsx';

const isDoneForToday = (item: TodayItem) => item.done_today > 0 && item.done_today >= item.due_today;
const startOf = (item: TodayItem): ExerciseFlow => (isDoneForToday(item) ? { step: 'finished' } : initialFlow);
/**
 * A video saved without a title carries the library's default name, in English ("Untitled Video"): the patient
 * reads "Exercise 2" in their own language instead.
 */
const isUntitled = (title: string) => !title.trim() || title === VIDEO_DEFAULTS.title;

/** One exercise of today's program (`number`: its place in the list): watch, do the sets one tap at a time, rate it. */
export function ExerciseCard({ item, number }: { item: TodayItem; number: number }) {
  const { t } = useTranslation();
  const title = isUntitled(item.video.title) ? t('exercise.untitled', { number }) : item.video.title;
  const [flow, dispatch] = useReducer(exerciseFlow, item, startOf);
  const log = useLogExercise();
  const titleId = `exercise-${item.id}-title`;

  const save = () => {
    if (flow.step !== 'rating') return;
    log.mutate(
      {
        hep_id: item.id,
        sets_done: flow.setsDone,
        client_id: flow.clientId,
        ...(flow.pain !== null && { pain: flow.pain }),
        ...(flow.difficulty !== null && { difficulty: flow.difficulty }),
      },
      { onSuccess: () => dispatch({ type: 'saved' }) },
    );
  };

  return (
    <article className="pa-card pa-exercise" aria-labelledby={titleId}>
      <h2 id={titleId} className="pa-card__title">
        {title}
      </h2>
      <ExerciseVideo video={item.video} title={title} />
      <dl className="pa-dosage">
        <div>
          <dt>{t('exercise.sets')}</dt>
          <dd>{item.sets}</dd>
        </div>
        <div>
          <dt>{t('exercise.reps')}</dt>
          <dd>{item.reps}</dd>
        </div>
        {item.hold_seconds > 0 && (
          <div>
            <dt>{t('exercise.hold')}</dt>
            <dd>{t('exercise.holdSeconds', { count: item.hold_seconds })}</dd>
          </div>
        )}
      </dl>
      <p className="pa-muted">{t('exercise.timesADay', { count: item.times_per_day })}</p>
      {item.description && (
        <div className="pa-notes">
          <h3 className="pa-notes__title">{t('exercise.notes')}</h3>
          <p>{item.description}</p>
        </div>
      )}

      {flow.step === 'sets' && (
        <div className="pa-sets">
          <p className="pa-sets__counter" aria-live="polite">
            {t('exercise.setOf', { current: flow.setsDone + 1, total: item.sets })}
          </p>
          <Button
            size="lg"
            isFullWidth
            onClick={() => dispatch({ type: 'setDone', totalSets: item.sets, clientId: newLogId() })}
          >
            {t('exercise.markSetDone', { current: flow.setsDone + 1 })}
          </Button>
          {flow.setsDone > 0 && (
            <Button
              variant="secondary"
              size="lg"
              isFullWidth
              onClick={() => dispatch({ type: 'finishEarly', clientId: newLogId() })}
            >
              {t('exercise.finishEarly')}
            </Button>
          )}
        </div>
      )}

      {flow.step === 'rating' && (
        <>
          <p className="pa-sets__counter" aria-live="polite">
            {t('exercise.setsDone', { count: flow.setsDone })}
          </p>
          <ExerciseRating
            pain={flow.pain}
            difficulty={flow.difficulty}
            onPain={(value) => dispatch({ type: 'pain', value })}
            onDifficulty={(value) => dispatch({ type: 'difficulty', value })}
            onSave={save}
            isSaving={log.isPending}
            hasFailed={log.isError}
          />
        </>
      )}

      {flow.step === 'finished' && (
        <div className="pa-done" role="status">
          <p className="pa-done__text">
            <CheckCircle2 size={28} aria-hidden="true" />
            {item.due_today > 1 && item.done_today < item.due_today
              ? t('exercise.doneTimes', { done: item.done_today, due: item.due_today })
              : t('exercise.doneToday')}
          </p>
          <Button variant="secondary" size="lg" isFullWidth onClick={() => dispatch({ type: 'again' })}>
            {t('exercise.doAgain')}
          </Button>
        </div>
      )}
    </article>
  );
}
