import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { paths } from '@web/config/paths.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EmailField } from './auth-fields.tsx';
import { AuthOutcome } from './auth-outcome.tsx';
import { FormError } from './form-error.tsx';
import './auth-forms.css';

export function FindPasswordForm() {
  const form = useForm({ resolver: zodResolver(resetPasswordBodySchema), defaultValues: { email: '' } });
  const request = useRequestPasswordReset();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, ['email'], async (values) => {
      await request.mutateAsync(values);
    }),
  );

  if (request.isSuccess) {
    return (
      <AuthOutcome
        icon={MailCheck}
        title="Check your e-mail"
        action={<Link to={paths.login.getHref()}>Back to sign in</Link>}
      >
        <p>{request.data.detail}</p>
        <p>The link in the message works once and for a limited time. Check your spam folder if it does not arrive.</p>
      </AuthOutcome>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <FormError errors={errors} />
      <EmailField
        hint="We will send a link to choose a new password."
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Send reset link
      </Button>
      <div className="auth-form__links">
        <Link to={paths.login.getHref()}>Back to sign in</Link>
      </div>
    </form>
  );
}
