import { supervisorSigninBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { paths } from '@web/config/paths.ts';
import { Link } from 'react-router';
import { useSupervisorSignin } from '../api/supervisor-signin.ts';
import { PasswordField } from './auth-fields.tsx';
import { supervisorSigninErrorMessage } from './auth-messages.ts';
import { FormError } from './form-error.tsx';
import { useSigninForm } from './use-signin-form.ts';
import './auth-forms.css';

export function SupervisorLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const signin = useSupervisorSignin();
  const { form, onSubmit, errors, isSubmitting } = useSigninForm({
    schema: supervisorSigninBodySchema,
    defaultValues: { code: '', password: '' },
    send: signin.mutateAsync,
    message: supervisorSigninErrorMessage,
    onSuccess,
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
      <PasswordField label="Supervisor password" error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Sign in as supervisor
      </Button>
      <div className="auth-form__links">
        <Link to={paths.login.getHref()}>Staff sign in</Link>
      </div>
    </form>
  );
}
