import { zodResolver } from '@hookform/resolvers/zod';
import { toE164 } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { useSendCode } from '@web/features/patient-app/api/sign-in.ts';
import { problemText } from '@web/features/patient-app/lib/problem-key.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIAL_CODE, DialCodeSelect } from '../dial-code-select.tsx';
import { type Phone, phoneFormSchema } from '../login/phone-form.tsx';

/** Step 1: the patient's mobile number, where the code is texted. */
export function PhoneStep({
  clinicCode,
  initial,
  onSent,
}: {
  clinicCode: string;
  initial?: Phone;
  onSent: (phone: Phone) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { dialCode: initial?.dialCode ?? DEFAULT_DIAL_CODE, number: initial?.number ?? '' },
  });
  const send = useSendCode();
  // The refusal itself is kept, so its sentence follows a change of language.
  const [failure, setFailure] = useState<unknown>(null);
  const invalid = form.formState.errors.number?.message;

  const submit = form.handleSubmit(async ({ dialCode, number }) => {
    const e164 = toE164(dialCode, number);
    setFailure(null);
    try {
      await send.mutateAsync({ phone: e164, clinic_code: clinicCode });
      onSent({ dialCode, number, e164 });
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('signup.phoneLead')}</p>
      {failure !== null && <Alert tone="danger">{problemText(failure, t, i18n.language, 'phone')}</Alert>}
      <div className="pa-phone">
        <DialCodeSelect field={form.register('dialCode')} />
        <TextField
          label={t('login.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="555 123 4567"
          error={invalid && t(invalid)}
          {...form.register('number')}
        />
      </div>
      <Button type="submit" size="lg" isFullWidth isLoading={send.isPending}>
        {t('login.sendCode')}
      </Button>
    </form>
  );
}
