import { zodResolver } from '@hookform/resolvers/zod';
import { clinicCodeSchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const schema = z.object({ code: clinicCodeSchema });

/**
 * Without a clinic in the link (typed by hand, or a QR code that lost it) the patient gives the clinic's code,
 * printed on the clinic's QR card, rather than meet a dead end.
 */
export function ClinicCodeStep({ initial, onChoose }: { initial: string; onChoose: (code: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { code: initial } });
  const submit = form.handleSubmit(({ code }) => onChoose(code));
  return (
    <form className="pa-form" onSubmit={submit} noValidate aria-label={t('signup.clinicForm')}>
      <TextField
        label={t('signup.clinicCode')}
        hint={t('signup.clinicCodeHint')}
        autoComplete="off"
        autoCapitalize="characters"
        error={form.formState.errors.code && t('signup.clinicCodeInvalid')}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" isFullWidth>
        {t('signup.continue')}
      </Button>
    </form>
  );
}
