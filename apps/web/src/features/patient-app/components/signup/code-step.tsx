import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { useSendCode } from '@web/features/patient-app/api/sign-in.ts';
import { useVerifyPhone } from '@web/features/patient-app/api/sign-up.ts';
import { problemText } from '@web/features/patient-app/lib/problem-key.ts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField, CodeSecondaryActions, RESEND_WAIT_SECONDS, useResendWait } from '../code-fields.tsx';
import { codeFormSchema } from '../login/code-form.tsx';
import type { Phone } from '../login/phone-form.tsx';

/** Step 2: the 6-digit code from the text message proves the number is the patient's. */
export function CodeStep({
  phone,
  clinicCode,
  onVerified,
  onChangeNumber,
}: {
  phone: Phone;
  clinicCode: string;
  onVerified: (token: string) => void;
  onChangeNumber: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: '' } });
  const verify = useVerifyPhone();
  const resend = useSendCode();
  const [wait, setWait] = useResendWait();
  const [isResent, setResent] = useState(false);
  // Refusals are kept as they came, so their sentences follow a change of language.
  const [failure, setFailure] = useState<unknown>(null);
  const [resendFailure, setResendFailure] = useState<unknown>(null);

  useEffect(() => form.setFocus('otp'), [form.setFocus]);

  const submit = form.handleSubmit(async ({ otp }) => {
    setFailure(null);
    try {
      const { verification_token } = await verify.mutateAsync({ phone: phone.e164, otp });
      onVerified(verification_token);
    } catch (error) {
      setFailure(error);
      form.setFocus('otp');
    }
  });

  const sendAgain = () => {
    setResendFailure(null);
    resend.mutate(
      { phone: phone.e164, clinic_code: clinicCode },
      {
        onSuccess: () => {
          setResent(true);
          setFailure(null);
          setWait(RESEND_WAIT_SECONDS);
          form.reset({ otp: '' });
          form.setFocus('otp');
        },
        onError: setResendFailure,
      },
    );
  };

  const invalid = form.formState.errors.otp;
  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('signup.codeLead', { phone: `${phone.dialCode} ${phone.number}` })}</p>
      {isResent && resendFailure === null && <Alert tone="success">{t('signup.resent')}</Alert>}
      {resendFailure !== null && (
        <Alert tone="danger">{problemText(resendFailure, t, i18n.language, undefined, true)}</Alert>
      )}
      <CodeField
        field={form.register('otp')}
        error={
          invalid
            ? t('login.codeInvalid')
            : failure !== null
              ? problemText(failure, t, i18n.language, 'otp')
              : undefined
        }
      />
      <Button type="submit" size="lg" isFullWidth isLoading={verify.isPending}>
        {t('signup.checkCode')}
      </Button>
      <CodeSecondaryActions
        wait={wait}
        isResending={resend.isPending}
        onResend={sendAgain}
        onChangeNumber={onChangeNumber}
      />
    </form>
  );
}
