import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_RESEND_COOLDOWN_SECONDS, verifyOtpBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { formatPhone } from '@web/components/ui/format/format.ts';
import { useSendOtp } from '@web/features/patients/api/send-otp.ts';
import { useVerifyOtp } from '@web/features/patients/api/verify-otp.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { applyServerErrors } from '@web/lib/form-errors.ts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { VerifiedPhone } from './phone-step.tsx';

/** A new code may be asked for after the server's pause between two codes to one phone. */
export const RESEND_WAIT_SECONDS = OTP_RESEND_COOLDOWN_SECONDS;

/** Step 2: the 6-digit code from the text message. */
export function CodeStep({
  phone,
  clinicCode,
  onVerified,
  onChangeNumber,
}: {
  phone: VerifiedPhone;
  clinicCode: string;
  onVerified: (token: string) => void;
  onChangeNumber: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(verifyOtpBodySchema),
    defaultValues: { phone: phone.e164, otp: '' },
  });
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const [wait, setWait] = useState(RESEND_WAIT_SECONDS);
  const [resent, setResent] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const codeRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...codeField } = form.register('otp');

  useEffect(() => codeRef.current?.focus(), []);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { verification_token } = await verify.mutateAsync(body);
      onVerified(verification_token);
    } catch (error) {
      applyServerErrors(error, form.setError, ['otp']);
    }
  });

  const sendAgain = () =>
    resend.mutate(
      { phone: phone.e164, clinic_code: clinicCode },
      {
        onSuccess: () => {
          setResent(true);
          setWait(RESEND_WAIT_SECONDS);
          form.reset({ phone: phone.e164, otp: '' });
          codeRef.current?.focus();
        },
      },
    );

  return (
    <form className="signup-step" onSubmit={onSubmit} noValidate>
      <p className="signup-step__lead">
        We sent a text message with a 6-digit code to{' '}
        <strong className="tabular">{formatPhone(phone.selectedCode, phone.phone)}</strong>.
      </p>
      {resent && !resend.isError && (
        <Alert tone="success">A new code is on its way. It replaces the earlier one.</Alert>
      )}
      {resend.isError && <Alert tone="danger">{errorMessage(resend.error)}</Alert>}
      <TextField
        ref={(node) => {
          registerRef(node);
          codeRef.current = node;
        }}
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="field__input signup-step__code tabular"
        error={errors.otp?.message ?? errors.root?.server?.message}
        {...codeField}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Check the code
      </Button>
      <div className="signup-step__secondary">
        <Button variant="ghost" size="lg" onClick={sendAgain} disabled={wait > 0} isLoading={resend.isPending}>
          {wait > 0 ? `Send a new code in ${wait} s` : 'Send a new code'}
        </Button>
        <Button variant="ghost" size="lg" onClick={onChangeNumber}>
          Change the number
        </Button>
      </div>
    </form>
  );
}
