import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, qrRegistrationBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { MemorableDate } from '@web/components/ui/memorable-date/memorable-date.tsx';
import { useRegisterByQr } from '@web/features/patients/api/register-by-qr.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { applyServerErrors } from '@web/lib/form-errors.ts';
import { Controller, useForm } from 'react-hook-form';
import type { VerifiedPhone } from './phone-step.tsx';

const detailsSchema = qrRegistrationBodySchema
  .pick({ first_name: true, last_name: true, birthday: true, email: true, password: true })
  .refine((body) => !body.password || Boolean(body.email), {
    error: 'Add your e-mail to sign in with a password, or leave the password empty',
    path: ['email'],
  });
const fields = ['first_name', 'last_name', 'birthday', 'email', 'password'] as const;

/** Step 3: who the patient is. The e-mail and password are optional: patients can sign in by text code. */
export function DetailsStep({
  phone,
  clinicCode,
  verificationToken,
  onRegistered,
  onPhoneExpired,
}: {
  phone: VerifiedPhone;
  clinicCode: string;
  verificationToken: string;
  onRegistered: (detail: string) => void;
  onPhoneExpired: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { first_name: '', last_name: '', birthday: '', email: '', password: undefined },
  });
  const register = useRegisterByQr();
  const { errors, isSubmitting } = form.formState;
  const empty = (name: (typeof fields)[number]) => !form.getValues(name);

  const onSubmit = form.handleSubmit(async (details) => {
    try {
      const { detail } = await register.mutateAsync({
        ...details,
        phone: phone.phone,
        selected_code: phone.selectedCode,
        clinic_code: clinicCode,
        verification_token: verificationToken,
      });
      onRegistered(detail);
    } catch (error) {
      // The verification lasts 30 minutes; after that the phone is checked again.
      if (isApiError(error) && error.code === 'invalid_token') onPhoneExpired();
      else applyServerErrors(error, form.setError, fields);
    }
  });

  return (
    <form className="signup-step" onSubmit={onSubmit} noValidate>
      <p className="signup-step__lead">Your clinic uses these to find your record.</p>
      {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
      <TextField
        label="First name"
        autoComplete="given-name"
        required
        error={errors.first_name && (empty('first_name') ? 'Enter your first name' : errors.first_name.message)}
        {...form.register('first_name')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        required
        error={errors.last_name && (empty('last_name') ? 'Enter your last name' : errors.last_name.message)}
        {...form.register('last_name')}
      />
      <Controller
        control={form.control}
        name="birthday"
        render={({ field }) => (
          <MemorableDate
            ref={field.ref}
            legend="Date of birth"
            hint="For example 3 15 1956"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.birthday && (field.value ? errors.birthday.message : 'Enter your date of birth')}
          />
        )}
      />
      <TextField
        label="E-mail (optional)"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Password (optional)"
        type="password"
        autoComplete="new-password"
        hint={`To sign in with your e-mail. At least ${PASSWORD_MIN_LENGTH} characters. Without one, you sign in with a text code.`}
        error={errors.password?.message}
        {...form.register('password', { setValueAs: (value: string) => value || undefined })}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Register
      </Button>
    </form>
  );
}
