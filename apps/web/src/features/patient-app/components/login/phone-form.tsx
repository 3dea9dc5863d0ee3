import { toE164 } from '@rehabit/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button.tsx';
import { FieldLabel } from '../../../../components/ui/field/field-label.tsx';
import { TextField } from '../../../../components/ui/field/text-field.tsx';
import { useSendCode } from '../../api/sign-in.ts';
import { problemKey } from '../../lib/problem-key.ts';

/** Calling codes of the countries clinic patients most often come from; +1 first, the default. */
const dialCodes = ['+1', '+52', '+34', '+44', '+53', '+57', '+58', '+502', '+503', '+504', '+505', '+51', '+54'];

export type Phone = { dialCode: string; number: string; e164: string };

/** Step 1 of signing in by phone: the number the code is texted to. */
export function PhoneForm({ initial, onSent }: { initial?: Phone; onSent: (phone: Phone) => void }) {
  const { t } = useTranslation();
  const [dialCode, setDialCode] = useState(initial?.dialCode ?? '+1');
  const [number, setNumber] = useState(initial?.number ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendCode();
  const selectId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = number.replace(/\D/g, '');
    if (!digits) return setError(t('login.phoneRequired'));
    const e164 = toE164(dialCode, number);
    if (!/^\+\d{8,15}$/.test(e164)) return setError(t('login.phoneInvalid'));
    setError(null);
    try {
      await send.mutateAsync({ phone: e164 });
      onSent({ dialCode, number, e164 });
    } catch (failure) {
      setError(t(problemKey(failure) === 'errors.generic' ? 'login.phoneInvalid' : problemKey(failure)));
    }
  };

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('login.phoneLead')}</p>
      <div className="pa-phone">
        <div className="field pa-phone__code">
          <FieldLabel htmlFor={selectId}>{t('login.countryCode')}</FieldLabel>
          <select
            id={selectId}
            className="field__input"
            value={dialCode}
            onChange={(event) => setDialCode(event.target.value)}
          >
            {dialCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('login.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={error ?? undefined}
        />
      </div>
      <Button type="submit" size="lg" isFullWidth isLoading={send.isPending}>
        {t('login.sendCode')}
      </Button>
    </form>
  );
}
