import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { type ManualReading, usePostReading } from '@web/features/patient-app/api/post-reading.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX_STEPS = 100_000;

/**
 * "Steps today": the day's steps are the sum of what is entered, so the card shows the total so far
 * and takes the steps to add to it.
 */
export function StepsCard({ stepsToday }: { stepsToday: number | null }) {
  const { t, i18n } = useTranslation();
  const post = usePostReading();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState<ManualReading | null>(null);
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  const send = (next: ManualReading) => {
    setReading(next);
    post.mutate(next, { onSuccess: () => setDraft('') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(draft.replace(/[\s.,]/g, ''));
    if (!draft.trim() || !Number.isInteger(value) || value < 0 || value > MAX_STEPS) {
      setError(t('steps.invalid'));
      return;
    }
    setError(null);
    send({ kind: 'steps', value, measuredAt: new Date().toISOString() });
  };

  return (
    <section className="pa-card" aria-labelledby="steps-today-title">
      <h2 id="steps-today-title" className="pa-card__title">
        {t('steps.title')}
      </h2>
      {stepsToday !== null && (
        <p className="pa-saved__value" role="status">
          {t('steps.total', { value: format(stepsToday) })}
        </p>
      )}
      <form className="pa-form" onSubmit={submit} noValidate>
        <TextField
          label={t('steps.add')}
          hint={t('steps.hint')}
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={error ?? undefined}
        />
        {post.isError && <Alert tone="danger">{t('steps.failed')}</Alert>}
        {post.isSuccess && reading && (
          <p className="pa-muted" role="status">
            {t('steps.saved', { value: format(reading.value) })}
          </p>
        )}
        <Button
          type={post.isError && reading ? 'button' : 'submit'}
          size="lg"
          isFullWidth
          isLoading={post.isPending}
          onClick={post.isError && reading ? () => send(reading) : undefined}
        >
          {post.isError ? t('common.tryAgain') : t('common.save')}
        </Button>
      </form>
    </section>
  );
}
