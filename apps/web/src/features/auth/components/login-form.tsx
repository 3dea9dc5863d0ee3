import { zodResolver } from '@hookform/resolvers/zod';
import { signinBodySchema } from '@rehabit/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button/button.tsx';
import { TextField } from '../../../components/ui/field/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSignin } from '../api/signin.ts';
import { signinErrorMessage } from './auth-messages.ts';
import { FormError } from './form-error.tsx';
import './auth-forms.css';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm({ resolver: zodResolver(signinBodySchema), defaultValues: { email: '', password: '' } });
  const signin = useSignin();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signin.mutateAsync(values);
      onSuccess();
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'password'], signinErrorMessage);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      <FormError errors={errors} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
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
