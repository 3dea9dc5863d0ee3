import type { TodayItem } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { newLogId } from '@web/features/patient-app/lib/client-id.ts';
import { exerciseFlow, resumeFlow } from '@web/features/patient-app/lib/exercise-flow.ts';
import { pendingFor, useExerciseOutbox } from '@web/features/patient-app/lib/exercise-outbox.ts';
import { useKeepLog } from '@web/features/patient-app/lib/use-exercise-outbox.ts';
import { videoTextIn } from '@web/features/patient-app/lib/video-text.ts';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ExerciseRating } from './exercise-rating.tsx';
import { ExerciseVideo } from './exercise-video.tsx';
import { LogDeliveryStatus } from './log-delivery-status.tsx';

/**
 * One exercise of today's program (`number`: its place in the list, `day`: the clinic's day): watch, do the sets one
 * tap at a time, each kept and saved at once, then rate it if the patient wants to.
 */
export function ExerciseCard({ item, number, day }: { item: TodayItem; number: number; day: string }) {
  const { t, i18n } = useTranslation();
  const video = videoTextIn(item.video, i18n.language);
  // Without a title the patient reads "Exercise 2" in their own language, never the library's "Untitled Video".
  const title = video.title ?? t('exercise.untitled', { number });
  const { userId, keep } = useKeepLog(day);
  const startFlow = () =>
    resumeFlow(
      item,
      day,
      userId === undefined ? null : pendingFor(useExerciseOutbox.getState().pending, userId, item.id, day),
    );
  const [flow, dispatch] = useReducer(exerciseFlow, null, startFlow);
  // A session sent while Today loaded reaches the card with the next answer: an untouched card takes it up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the server's latest log of the item moves.
  useEffect(
    () => dispatch({ type: 'resume', flow: startFlow() }),
    [item.last_log?.client_id, item.last_log?.sets_done],
  );
  const titleId = `exercise-${item.id}-title`;

  const markSetDone = () => {
    if (flow.step !== 'sets') return;
    const session = flow.session ?? { clientId: newLogId(), performedAt: new Date().toISOString() };
    dispatch({ type: 'setDone', totalSets: item.sets, session });
    keep({
      hep_id: item.id,
      client_id: session.clientId,
      performed_at: session.performedAt,
      sets_done: flow.setsDone + 1,
    });
  };

  const saveRating = () => {
    if (flow.step !== 'rating') return;
    if (flow.pain !== null || flow.difficulty !== null) {
      keep({
        hep_id: item.id,
        client_id: flow.session.clientId,
        performed_at: flow.session.performedAt,
        sets_done: flow.setsDone,
        ...(flow.pain !== null && { pain: flow.pain }),
        ...(flow.difficulty !== null && { difficulty: flow.difficulty }),
      });
    }
    dispatch({ type: 'saved' });
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
      {video.instructions && (
        <div className="pa-notes">
          <h3 className="pa-notes__title">{t('exercise.instructions')}</h3>
          <p>{video.instructions}</p>
        </div>
      )}
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
          <Button size="lg" isFullWidth onClick={markSetDone}>
            {t('exercise.markSetDone', { current: flow.setsDone + 1 })}
          </Button>
          {flow.session && (
            <Button variant="secondary" size="lg" isFullWidth onClick={() => dispatch({ type: 'finishEarly' })}>
              {t('exercise.finishEarly')}
            </Button>
          )}
          {flow.session && <LogDeliveryStatus clientId={flow.session.clientId} />}
        </div>
      )}

      {flow.step === 'rating' && (
        <>
          <p className="pa-sets__counter" aria-live="polite">
            {t('exercise.setsDone', { count: flow.setsDone })}
          </p>
          <LogDeliveryStatus clientId={flow.session.clientId} />
          <ExerciseRating
            pain={flow.pain}
            difficulty={flow.difficulty}
            onPain={(value) => dispatch({ type: 'pain', value })}
            onDifficulty={(value) => dispatch({ type: 'difficulty', value })}
            onSave={saveRating}
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
          {flow.setsDone !== null && <p className="pa-muted">{t('exercise.setsDone', { count: flow.setsDone })}</p>}
          {flow.session && <LogDeliveryStatus clientId={flow.session.clientId} />}
          <Button variant="secondary" size="lg" isFullWidth onClick={() => dispatch({ type: 'again' })}>
            {t('exercise.doAgain')}
          </Button>
        </div>
      )}
    </article>
  );
}
