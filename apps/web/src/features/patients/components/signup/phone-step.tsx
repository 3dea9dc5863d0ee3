import { zodResolver } from '@hookform/resolvers/zod';
import { qrRegistrationBodySchema, toE164 } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { useSendOtp } from '@web/features/patients/api/send-otp.ts';
import { applyServerErrors } from '@web/lib/form-errors.ts';
import { Controller, useForm } from 'react-hook-form';
import { DialCodeDropdown } from '../fields/dial-code-dropdown.tsx';
import { DEFAULT_DIAL_CODE } from '../fields/dial-codes.ts';

const phoneFormSchema = qrRegistrationBodySchema.pick({ selected_code: true, phone: true });

export type VerifiedPhone = { selectedCode: string; phone: string; e164: string };

/** Step 1: the patient's mobile number, where the code is texted. */
export function PhoneStep({
  clinicCode,
  initial,
  onSent,
}: {
  clinicCode: string;
  initial?: VerifiedPhone;
  onSent: (phone: VerifiedPhone) => void;
}) {
  const form = useForm({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { selected_code: initial?.selectedCode ?? DEFAULT_DIAL_CODE, phone: initial?.phone ?? '' },
  });
  const send = useSendOtp();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ selected_code, phone }) => {
    const e164 = toE164(selected_code, phone);
    try {
      await send.mutateAsync({ phone: e164, clinic_code: clinicCode });
      onSent({ selectedCode: selected_code, phone, e164 });
    } catch (error) {
      applyServerErrors(error, form.setError, ['phone', 'selected_code']);
    }
  });

  return (
    <form className="signup-step" onSubmit={onSubmit} noValidate>
      <p className="signup-step__lead">We text you a 6-digit code to check the number is yours.</p>
      {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
      <Controller
        control={form.control}
        name="selected_code"
        render={({ field }) => <DialCodeDropdown field={field} error={errors.selected_code?.message} />}
      />
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="555 123 4567"
        error={errors.phone && (form.getValues('phone') ? errors.phone.message : 'Enter your mobile number')}
        {...form.register('phone')}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Text me a code
      </Button>
    </form>
  );
}
