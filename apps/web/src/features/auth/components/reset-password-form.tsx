import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordConfirmBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { paths } from '@web/config/paths.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { NEW_PASSWORD_HINT, PasswordField } from './auth-fields.tsx';
import { AuthOutcome } from './auth-outcome.tsx';
import { FormError } from './form-error.tsx';
import './auth-forms.css';

const newPasswordSchema = z
  .object({ password: resetPasswordConfirmBodySchema.shape.password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: 'The two passwords are not the same',
  });

const INVALID_LINK_MESSAGE = 'This reset link has expired or was already used. Ask for a new one.';

type ResetPasswordFormProps = { uid: string | null; token: string | null };

export function ResetPasswordForm({ uid, token }: ResetPasswordFormProps) {
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });
  const confirm = useConfirmPasswordReset();
  const { errors, isSubmitting } = form.formState;

  if (!uid || !token) {
    return (
      <div className="auth-form">
        <Alert tone="danger" title="This link is incomplete">
          Open the link from the e-mail again, or ask for a new one.
        </Alert>
        <ButtonLink size="lg" isFullWidth to={paths.findPassword.getHref()}>
          Ask for a new link
        </ButtonLink>
      </div>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthOutcome
        icon={KeyRound}
        title="Your password is changed"
        action={<ButtonLink to={paths.login.getHref()}>Sign in</ButtonLink>}
      >
        <p>Sign in with your new password, {confirm.data.user.first_name}.</p>
      </AuthOutcome>
    );
  }

  const onSubmit = form.handleSubmit(
    withServerErrors(
      form,
      ['password'],
      async ({ password }) => {
        await confirm.mutateAsync({ uid, token, password });
      },
      {
        rootMessage: (failure) =>
          isApiError(failure) && failure.code === 'invalid_token' ? INVALID_LINK_MESSAGE : undefined,
      },
    ),
  );

  const isLinkInvalid = errors.root?.server?.type === 'invalid_token';

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <FormError errors={errors} />
      {isLinkInvalid && <Link to={paths.findPassword.getHref()}>Ask for a new reset link</Link>}
      <PasswordField
        label="New password"
        isNew
        hint={NEW_PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField label="New password again" isNew error={errors.confirm?.message} {...form.register('confirm')} />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Save new password
      </Button>
    </form>
  );
}
