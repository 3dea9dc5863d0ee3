import { signinBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { paths } from '@web/config/paths.ts';
import { Link } from 'react-router';
import { useSignin } from '../api/signin.ts';
import { EmailField, PasswordField } from './auth-fields.tsx';
import { signinErrorMessage } from './auth-messages.ts';
import { FormError } from './form-error.tsx';
import { useSigninForm } from './use-signin-form.ts';
import './auth-forms.css';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const signin = useSignin();
  const { form, onSubmit, errors, isSubmitting } = useSigninForm({
    schema: signinBodySchema,
    defaultValues: { email: '', password: '' },
    send: signin.mutateAsync,
    message: signinErrorMessage,
    onSuccess,
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      <FormError errors={errors} />
      <EmailField autoComplete="username" error={errors.email?.message} {...form.register('email')} />
      <PasswordField error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Sign in
      </Button>
      <div className="auth-form__links">
        <Link to={paths.findPassword.getHref()}>Forgot your password?</Link>
        <Link to={paths.therapistSignup.getHref()}>Create a staff account</Link>
      </div>
    </form>
  );
}
