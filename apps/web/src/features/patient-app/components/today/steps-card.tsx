import { zodResolver } from '@hookform/resolvers/zod';
import { healthMetricRules } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { type ManualReading, usePostReading } from '@web/features/patient-app/api/post-reading.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNumberFormat } from '../../lib/use-number-format.ts';

const { min, max } = healthMetricRules.steps;

/** The steps as typed: digit groups may be separated (1,200 or 1.200 or 1 200); the contract's range applies. */
const stepsFormSchema = z.object({
  steps: z
    .string()
    .trim()
    .min(1)
    .transform((typed) => Number(typed.replace(/[\s.,]/g, '')))
    .pipe(z.number().int().min(min).max(max)),
});

/**
 * "Steps today": the day's steps are the sum of what is entered, so the card shows the total so far
 * and takes the steps to add to it.
 */
export function StepsCard({ stepsToday }: { stepsToday: number | null }) {
  const { t } = useTranslation();
  const post = usePostReading();
  const form = useForm({ resolver: zodResolver(stepsFormSchema), defaultValues: { steps: '' } });
  const hasError = form.formState.errors.steps !== undefined;
  const [reading, setReading] = useState<ManualReading | null>(null);
  const format = useNumberFormat();

  const send = (next: ManualReading) => {
    setReading(next);
    post.mutate(next, { onSuccess: () => form.reset({ steps: '' }) });
  };

  const submit = form.handleSubmit(({ steps }) =>
    send({ kind: 'steps', value: steps, measuredAt: new Date().toISOString() }),
  );

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
          // One message for any refusal, in the patient's language.
          error={hasError ? t('steps.invalid') : undefined}
          {...form.register('steps')}
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
