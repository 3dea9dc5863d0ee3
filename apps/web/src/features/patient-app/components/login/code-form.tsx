import { OTP_RESEND_COOLDOWN_SECONDS } from '@rehabit/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Alert } from '../../../../components/ui/feedback/alert.tsx';
import { TextField } from '../../../../components/ui/field/text-field.tsx';
import { NoPatientAccountError, useSendCode, useSignInWithCode } from '../../api/sign-in.ts';
import { problemKey } from '../../lib/problem-key.ts';
import type { Phone } from './phone-form.tsx';

/** A new code may be asked for after the server's pause between two codes to one phone. */
export const RESEND_WAIT_SECONDS = OTP_RESEND_COOLDOWN_SECONDS;

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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(RESEND_WAIT_SECONDS);
  const [isResent, setResent] = useState(false);
  const signIn = useSignInWithCode();
  const resend = useSendCode();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const otp = code.replace(/\D/g, '');
    if (otp.length !== 6) return setError(t('login.codeInvalid'));
    setError(null);
    try {
      await signIn.mutateAsync({ phone: phone.e164, otp });
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof NoPatientAccountError ? t('login.noAccount') : t(problemKey(failure)));
    }
  };

  const sendAgain = () =>
    resend.mutate(
      { phone: phone.e164 },
      {
        onSuccess: () => {
          setResent(true);
          setWait(RESEND_WAIT_SECONDS);
          setCode('');
          input.current?.focus();
        },
        onError: (failure) => setError(t(problemKey(failure))),
      },
    );

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('login.codeLead', { phone: `${phone.dialCode} ${phone.number}` })}</p>
      {isResent && <Alert tone="success">{t('login.resent')}</Alert>}
      <TextField
        ref={input}
        label={t('login.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="field__input pa-code tabular"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={signIn.isPending}>
        {t('login.signIn')}
      </Button>
      <div className="pa-form__secondary">
        <Button variant="ghost" size="lg" onClick={sendAgain} disabled={wait > 0} isLoading={resend.isPending}>
          {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.resend')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onChangeNumber}>
          {t('login.changeNumber')}
        </Button>
      </div>
    </form>
  );
}
