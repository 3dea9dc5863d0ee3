import { OTP_RESEND_COOLDOWN_SECONDS } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A new code may be asked for after the server's pause between two codes to one phone. */
export const RESEND_WAIT_SECONDS = OTP_RESEND_COOLDOWN_SECONDS;

/** The seconds left before a new code may be asked for, counted down once a second; set it to start a new wait. */
export function useResendWait() {
  const [wait, setWait] = useState(RESEND_WAIT_SECONDS);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  return [wait, setWait] as const;
}

/** The 6-digit code from the text message, as the sign-in and the sign-up ask for it. */
export function CodeField({ field, error }: { field: UseFormRegisterReturn<'otp'>; error?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className="field__input pa-code tabular"
      error={error}
      {...field}
    />
  );
}

/** Below a code: ask for a new one once the wait is over, or go back and change the number. */
export function CodeSecondaryActions({
  wait,
  isResending,
  onResend,
  onChangeNumber,
}: {
  wait: number;
  isResending: boolean;
  onResend: () => void;
  onChangeNumber: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pa-form__secondary">
      <Button variant="ghost" size="lg" onClick={onResend} disabled={wait > 0} isLoading={isResending}>
        {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.resend')}
      </Button>
      <Button variant="ghost" size="lg" onClick={onChangeNumber}>
        {t('login.changeNumber')}
      </Button>
    </div>
  );
}
