import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

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
