import { zodResolver } from '@hookform/resolvers/zod';
import { toE164 } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { useSendCode } from '@web/features/patient-app/api/sign-in.ts';
import { problemText } from '@web/features/patient-app/lib/problem-key.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIAL_CODE } from '../dial-code-select.tsx';
import { type Phone, phoneFormSchema } from '../login/phone-form.tsx';
import { PhoneFields } from '../phone-fields.tsx';

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
      <PhoneFields
        dialCode={form.register('dialCode')}
        number={form.register('number')}
        error={invalid && t(invalid)}
        placeholder="555 123 4567"
      />
      <Button type="submit" size="lg" isFullWidth isLoading={send.isPending}>
        {t('login.sendCode')}
      </Button>
    </form>
  );
}
