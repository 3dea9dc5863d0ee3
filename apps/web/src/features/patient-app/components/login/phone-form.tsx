import { sendOtpBodySchema, toE164 } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { useSendCode } from '@web/features/patient-app/api/sign-in.ts';
import { problemKey, problemMessage, sentence } from '@web/features/patient-app/lib/problem-key.ts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { DEFAULT_DIAL_CODE } from '../dial-code-select.tsx';
import { PhoneFields } from '../phone-fields.tsx';

/**
 * The number as typed beside its calling code; together they must make the phone the send-code call
 * takes. Messages are translation keys, so they follow a change of language.
 */
export const phoneFormSchema = z.object({ dialCode: z.string(), number: z.string() }).check(
  z.superRefine((values, context) => {
    const message = !values.number.replace(/\D/g, '')
      ? 'login.phoneRequired'
      : !sendOtpBodySchema.shape.phone.safeParse(toE164(values.dialCode, values.number)).success
        ? 'login.phoneInvalid'
        : undefined;
    if (message) context.addIssue({ code: 'custom', path: ['number'], message });
  }),
);

export type Phone = { dialCode: string; number: string; e164: string };

/** A refusal of the send, as a translation key: a problem the patient cannot act on reads as a bad number. */
const sendFailureKey = (failure: unknown) =>
  problemKey(failure) === 'errors.generic' ? 'login.phoneInvalid' : problemMessage(failure, true);

/**
 * Step 1 of signing in by phone: the number the code is texted to. The first thing a patient sees, so it is a plain
 * form read on submit, without the forms library the later steps use (issue #18, decision 1183).
 */
export function PhoneForm({ initial, onSent }: { initial?: Phone; onSent: (phone: Phone) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const number = useRef<HTMLInputElement>(null);
  const send = useSendCode();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { dialCode: String(data.get('dialCode')), number: String(data.get('number')) };
    const checked = z.safeParse(phoneFormSchema, values);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      number.current?.focus();
      return;
    }
    setError(undefined);
    const e164 = toE164(values.dialCode, values.number);
    try {
      await send.mutateAsync({ phone: e164 });
      onSent({ ...values, e164 });
    } catch (failure) {
      setError(sendFailureKey(failure));
    }
  };

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('login.phoneLead')}</p>
      <PhoneFields
        dialCode={{ name: 'dialCode', defaultValue: initial?.dialCode ?? DEFAULT_DIAL_CODE }}
        number={{
          name: 'number',
          defaultValue: initial?.number ?? '',
          ref: number,
          onChange: () => setError(undefined),
        }}
        error={error && sentence(error, t)}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={send.isPending}>
        {t('login.sendCode')}
      </Button>
    </form>
  );
}
