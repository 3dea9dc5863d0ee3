import { zodResolver } from '@hookform/resolvers/zod';
import { sendOtpBodySchema, toE164 } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { useSendCode } from '@web/features/patient-app/api/sign-in.ts';
import { problemKey } from '@web/features/patient-app/lib/problem-key.ts';
import { applyServerErrors } from '@web/lib/form-errors.ts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_DIAL_CODE } from '../dial-code-select.tsx';
import { PhoneFields } from '../phone-fields.tsx';

/**
 * The number as typed beside its calling code; together they must make the phone the send-code call
 * takes. Messages are translation keys, so they follow a change of language.
 */
export const phoneFormSchema = z.object({ dialCode: z.string(), number: z.string() }).superRefine((values, context) => {
  const message = !values.number.replace(/\D/g, '')
    ? 'login.phoneRequired'
    : !sendOtpBodySchema.shape.phone.safeParse(toE164(values.dialCode, values.number)).success
      ? 'login.phoneInvalid'
      : undefined;
  if (message) context.addIssue({ code: 'custom', path: ['number'], message });
});

export type Phone = { dialCode: string; number: string; e164: string };

/** Step 1 of signing in by phone: the number the code is texted to. */
export function PhoneForm({ initial, onSent }: { initial?: Phone; onSent: (phone: Phone) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { dialCode: initial?.dialCode ?? DEFAULT_DIAL_CODE, number: initial?.number ?? '' },
  });
  const { errors } = form.formState;
  const error = errors.number?.message ?? errors.root?.server?.message;
  const send = useSendCode();

  const submit = form.handleSubmit(async ({ dialCode, number }) => {
    const e164 = toE164(dialCode, number);
    try {
      await send.mutateAsync({ phone: e164 });
      onSent({ dialCode, number, e164 });
    } catch (failure) {
      applyServerErrors(failure, form.setError, [], (problem) =>
        problemKey(problem) === 'errors.generic' ? 'login.phoneInvalid' : problemKey(problem),
      );
    }
  });

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      <p>{t('login.phoneLead')}</p>
      <PhoneFields dialCode={form.register('dialCode')} number={form.register('number')} error={error && t(error)} />
      <Button type="submit" size="lg" isFullWidth isLoading={send.isPending}>
        {t('login.sendCode')}
      </Button>
    </form>
  );
}
