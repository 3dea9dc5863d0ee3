import { zodResolver } from '@hookform/resolvers/zod';
import { supervisorSigninBodySchema } from '@rehabit/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button/button.tsx';
import { TextField } from '../../../components/ui/field/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useSupervisorSignin } from '../api/supervisor-signin.ts';
import { supervisorSigninErrorMessage } from './auth-messages.ts';
import { FormError } from './form-error.tsx';
import './auth-forms.css';

export function SupervisorLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm({
    resolver: zodResolver(supervisorSigninBodySchema),
    defaultValues: { code: '', password: '' },
  });
  const signin = useSupervisorSignin();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signin.mutateAsync(values);
      onSuccess();
    } catch (error) {
      applyServerErrors(error, form.setError, ['code', 'password'], supervisorSigninErrorMessage);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Supervisor sign in">
      <FormError errors={errors} />
      <TextField
        label="Clinic code"
        autoComplete="organization"
        autoCapitalize="characters"
        spellCheck={false}
        required
        hint="The code your clinic was given, for example DEMO01."
        error={errors.code?.message}
        {...form.register('code')}
      />
      <TextField
        label="Supervisor password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Sign in as supervisor
      </Button>
      <div className="auth-form__links">
        <Link to={paths.login.getHref()}>Staff sign in</Link>
      </div>
    </form>
  );
}
