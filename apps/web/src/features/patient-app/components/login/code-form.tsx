import { zodResolver } from '@hookform/resolvers/zod';
import { verifyOtpBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { NoPatientAccountError, useSendCode, useSignInWithCode } from '@web/features/patient-app/api/sign-in.ts';
import { problemMessage, sentence } from '@web/features/patient-app/lib/problem-key.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { applyServerErrors, withServerErrors } from '@web/lib/form-errors.ts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { CodeField, CodeSecondaryActions, RESEND_WAIT_SECONDS, useResendWait } from '../code-fields.tsx';
import type { Phone } from './phone-form.tsx';

/** The code as typed; spaces or dashes between the digits are dropped before the contract's check. */
export const codeFormSchema = z.object({
  otp: z.pipe(
    z.pipe(
      z.string(),
      z.transform((code: string) => code.replace(/\D/g, '')),
    ),
    verifyOtpBodySchema.shape.otp,
  ),
});

/** Step 2 of signing in by phone: the 6-digit code from the text message signs the patient in. */
export function CodeForm({
  phone,
  onSignedIn,
  onChangeNumber,
}: {
  phone: Phone;
  onSignedIn: () => void;
  onChangeNumber: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: '' } });
  const { errors } = form.formState;
  // Server messages are translation keys, so they follow a change of language.
  const error = errors.otp ? 'login.codeInvalid' : errors.root?.server?.message;
  const [wait, setWait] = useResendWait();
  const [isResent, setResent] = useState(false);
  const signIn = useSignInWithCode();
  const resend = useSendCode();

  useEffect(() => form.setFocus('otp'), [form.setFocus]);

  const failed = (failure: unknown) =>
    failure instanceof NoPatientAccountError ? 'login.noAccount' : problemMessage(failure);

  const submit = form.handleSubmit(
    withServerErrors(
      form,
      [],
      async ({ otp }) => {
        await signIn.mutateAsync({ phone: phone.e164, otp });
        onSignedIn();
      },
      { rootMessage: failed },
    ),
  );

  const sendAgain = () =>
    resend.mutate(
      { phone: phone.e164 },
      {
        onSuccess: () => {
          setResent(true);
          setWait(RESEND_WAIT_SECONDS);
          form.setValue('otp', '');
          form.setFocus('otp');
        },
        onError: (failure) => {
          // The server's pause between codes: the button counts it down.
          if (isApiError(failure) && failure.retryAfterSeconds) setWait(failure.retryAfterSeconds);
          applyServerErrors(failure, form.setError, [], { rootMessage: (error) => problemMessage(error, true) });
        },
      },
    );

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('login.codeLead', { phone: `${phone.dialCode} ${phone.number}` })}</p>
      {isResent && <Alert tone="success">{t('login.resent')}</Alert>}
      <CodeField field={form.register('otp')} error={error && sentence(error, t)} />
      <Button type="submit" size="lg" isFullWidth isLoading={signIn.isPending}>
        {t('login.signIn')}
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
