import '@web/features/patient-app/i18n/measure-strings.ts';
import type { DueMeasure, SubmittedMeasure } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { paths } from '@web/config/paths.ts';
import { useDueMeasures, useSubmitMeasure } from '@web/features/patient-app/api/measures.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { CheckCircle2, ClipboardCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newLogId } from '../../lib/client-id.ts';
import { LoadError, StateCard } from '../state-card.tsx';
import { RatingScale } from './rating-scale.tsx';

const PSFS_MIN = 3;
const PSFS_MAX = 5;

type Activity = { name: string; rating: number | null };

/** The check-in the address names: its form while it is due, a thank-you once sent. */
export function MeasurePage({ assignmentId }: { assignmentId: number }) {
  const { t } = useTranslation();
  const due = useDueMeasures();
  const [sent, setSent] = useState<SubmittedMeasure | null>(null);
  // Focus moves to the thanks once, when it appears: a stable ref is not called again as the page redraws.
  const focusOnce = useCallback((element: HTMLElement | null) => element?.focus(), []);
  const measure = due.data?.due.find((m) => m.assignment_id === assignmentId);
  useDocumentTitle(measure ? t(`measures.${measure.measure}.title`) : t('measures.title'));

  if (sent) {
    return (
      <div className="pa-page">
        <section className="pa-card pa-saved" aria-labelledby="measure-sent-title">
          <h1 id="measure-sent-title" className="pa-saved__value" tabIndex={-1} ref={focusOnce}>
            <CheckCircle2 size={28} aria-hidden="true" /> {t('measures.saved')}
          </h1>
          <Link className="btn btn--secondary btn--lg btn--full" to={paths.myToday.getHref()}>
            {t('measures.backToday')}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="pa-page">
      {due.isPending && (
        <p className="pa-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {due.isError && <LoadError title={t('errors.loadFailed')} error={due.error} onRetry={() => due.refetch()} />}
      {due.data && !measure && (
        <StateCard
          icon={ClipboardCheck}
          title={t('measures.notDue')}
          action={
            <Link className="btn btn--secondary btn--lg btn--full" to={paths.myToday.getHref()}>
              {t('measures.backToday')}
            </Link>
          }
        />
      )}
      {measure && <MeasureForm measure={measure} onSent={setSent} />}
    </div>
  );
}

/**
 * The form of one check-in: NPRS is one 0–10 rating in its standard wording; PSFS is 3 to 5 activities the patient
 * names, each rated 0–10, with instructions in our own words (decision 1360). Every control is a labelled button or
 * field of at least the patient side's target size, reachable by keyboard.
 */
export function MeasureForm({ measure, onSent }: { measure: DueMeasure; onSent: (sent: SubmittedMeasure) => void }) {
  const { t } = useTranslation();
  const submit = useSubmitMeasure();
  // One id for this filling-in: a retry after a lost answer sends the same one, which the server stores once.
  const [clientId] = useState(newLogId);
  const [pain, setPain] = useState<number | null>(null);
  const [activities, setActivities] = useState<Activity[]>(() => {
    const named = measure.previous_activities.slice(0, PSFS_MAX).map((name) => ({ name, rating: null }));
    while (named.length < PSFS_MIN) named.push({ name: '', rating: null });
    return named;
  });
  const [isChecked, setChecked] = useState(false);
  const isPsfs = measure.measure === 'psfs';

  const change = (index: number, next: Partial<Activity>) =>
    setActivities((list) => list.map((a, i) => (i === index ? { ...a, ...next } : a)));
  const isComplete = isPsfs ? activities.every((a) => a.name.trim() !== '' && a.rating !== null) : pain !== null;

  const send = () => {
    setChecked(true);
    if (!isComplete) return;
    const body = isPsfs
      ? {
          assignment_id: measure.assignment_id,
          client_id: clientId,
          answers: activities.map((a) => a.rating!),
          activities: activities.map((a) => a.name.trim()),
        }
      : { assignment_id: measure.assignment_id, client_id: clientId, answers: [pain!] };
    submit.mutate(body, { onSuccess: onSent });
  };

  return (
    <form
      className="pa-measure"
      aria-labelledby="measure-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h1 id="measure-title" className="pa-title">
        {t(`measures.${measure.measure}.title`)}
      </h1>
      {isPsfs ? (
        <>
          <p>{t('measures.psfs.intro')}</p>
          {measure.previous_activities.length > 0 && <p className="pa-muted">{t('measures.psfs.again')}</p>}
          {activities.map((activity, index) => (
            // The rows are only ever added at the end or removed from it, so their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={index} className="pa-card pa-measure__activity">
              <TextField
                label={t('measures.psfs.activity', { number: index + 1 })}
                value={activity.name}
                maxLength={80}
                autoComplete="off"
                error={isChecked && activity.name.trim() === '' ? t('measures.psfs.activityRequired') : undefined}
                onChange={(event) => change(index, { name: event.target.value })}
              />
              <RatingScale
                legend={t('measures.psfs.rating', { number: index + 1 })}
                low={t('measures.psfs.unable')}
                high={t('measures.psfs.asBefore')}
                value={activity.rating}
                error={isChecked && activity.rating === null ? t('measures.required') : undefined}
                onChange={(rating) => change(index, { rating })}
              />
            </div>
          ))}
          <div className="pa-measure__rows">
            {activities.length < PSFS_MAX && (
              <Button
                variant="secondary"
                size="lg"
                onClick={() => setActivities((list) => [...list, { name: '', rating: null }])}
              >
                {t('measures.psfs.add')}
              </Button>
            )}
            {activities.length > PSFS_MIN && (
              <Button variant="ghost" size="lg" onClick={() => setActivities((list) => list.slice(0, -1))}>
                {t('measures.psfs.remove', { number: activities.length })}
              </Button>
            )}
          </div>
        </>
      ) : (
        <section className="pa-card">
          <RatingScale
            legend={t('measures.nprs.question')}
            low={t('measures.nprs.low')}
            high={t('measures.nprs.high')}
            value={pain}
            error={isChecked && pain === null ? t('measures.required') : undefined}
            onChange={setPain}
          />
        </section>
      )}
      {submit.isError && <Alert tone="danger">{t('measures.failed')}</Alert>}
      <Button type="submit" size="lg" isFullWidth isLoading={submit.isPending}>
        {submit.isPending ? t('measures.sending') : t('measures.send')}
      </Button>
    </form>
  );
}
