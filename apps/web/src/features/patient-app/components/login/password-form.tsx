import { emailSchema } from '@rehabit/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Alert } from '../../../../components/ui/feedback/alert.tsx';
import { TextField } from '../../../../components/ui/field/text-field.tsx';
import { useSignInWithPassword } from '../../api/sign-in.ts';
import { problemKey } from '../../lib/problem-key.ts';

type Errors = { email?: string; password?: string; form?: string };

/** Signing in with the e-mail and password a patient set up with their clinic. */
export function PasswordForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const signIn = useSignInWithPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsedEmail = emailSchema.safeParse(email);
    const next: Errors = {
      email: parsedEmail.success ? undefined : t('login.emailInvalid'),
      password: password ? undefined : t('login.passwordRequired'),
    };
    setErrors(next);
    if (!parsedEmail.success || !password) return;
    try {
      await signIn.mutateAsync({ email: parsedEmail.data, password });
      onSignedIn();
    } catch (failure) {
      setErrors({ form: t(problemKey(failure)) });
    }
  };

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <TextField
        label={t('login.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={signIn.isPending}>
        {t('login.signIn')}
      </Button>
    </form>
  );
}
