import { zodResolver } from '@hookform/resolvers/zod';
import { patientSigninBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { useSignInWithPassword } from '@web/features/patient-app/api/sign-in.ts';
import { problemMessage, sentence } from '@web/features/patient-app/lib/problem-key.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Signing in with the e-mail and password a patient set up with their clinic. */
export function PasswordForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(patientSigninBodySchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const signIn = useSignInWithPassword();

  const submit = form.handleSubmit(
    withServerErrors(
      form,
      [],
      async (body) => {
        await signIn.mutateAsync(body);
        onSignedIn();
      },
      // Kept as a translation key, so the message follows a change of language.
      { rootMessage: (error) => problemMessage(error) },
    ),
  );

  return (
    <form className="pa-form" onSubmit={submit} noValidate>
      {errors.root?.server?.message && <Alert tone="danger">{sentence(errors.root.server.message, t)}</Alert>}
      <TextField
        label={t('login.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        error={errors.email && t('login.emailInvalid')}
        {...form.register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password && t('login.passwordRequired')}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={signIn.isPending}>
        {t('login.signIn')}
      </Button>
    </form>
  );
}
