import { zodResolver } from '@hookform/resolvers/zod';
import { clinicCodeSchema, roleLabels, signupBodySchema, staffRoles } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { NameFields } from '@web/components/ui/field/name-fields.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { paths } from '@web/config/paths.ts';
import { choiceProps, withServerErrors } from '@web/lib/form-errors.ts';
import { Hourglass } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useSignup } from '../api/signup.ts';
import { EmailField, NEW_PASSWORD_HINT, PasswordField } from './auth-fields.tsx';
import { AuthOutcome } from './auth-outcome.tsx';
import { ClinicCodeStatus, UNKNOWN_CODE_MESSAGE } from './clinic-code-status.tsx';
import { FormError } from './form-error.tsx';
import { useClinicCodeCheck } from './use-clinic-code-check.ts';
import './auth-forms.css';

const roleOptions = staffRoles.map((role) => ({ value: role, label: roleLabels[role] }));
const fields = ['email', 'password', 'first_name', 'last_name', 'role', 'code'] as const;

type SignupFormProps = {
  /** The referral code of a colleague's invitation link, sent with the sign-up. */
  referral?: string;
  /** The inviting colleague's clinic code, filled in and still editable. */
  clinicCode?: string;
};

export function SignupForm({ referral, clinicCode = '' }: SignupFormProps) {
  const form = useForm({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { email: '', password: '', first_name: '', last_name: '', role: undefined, code: clinicCode },
  });
  const signup = useSignup();
  const { errors, isSubmitting } = form.formState;
  const typedCode = useWatch({ control: form.control, name: 'code' }) ?? '';
  const codeCheck = useClinicCodeCheck(typedCode);

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (values) => {
      const isKnownUnknown =
        codeCheck.state === 'done' && !codeCheck.result.valid && codeCheck.code === clinicCodeSchema.parse(values.code);
      if (isKnownUnknown) {
        form.setError('code', { type: 'server', message: UNKNOWN_CODE_MESSAGE }, { shouldFocus: true });
        return;
      }
      await signup.mutateAsync(referral ? { ...values, referral } : values);
    }),
  );

  if (signup.isSuccess) {
    return (
      <AuthOutcome
        icon={Hourglass}
        title="Waiting for approval"
        action={
          <ButtonLink variant="secondary" to={paths.login.getHref()}>
            Back to sign in
          </ButtonLink>
        }
      >
        <p>{signup.data.detail}</p>
        <p>You can sign in as soon as the account is approved.</p>
      </AuthOutcome>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Create a staff account">
      <FormError errors={errors} />
      {referral && (
        <Alert tone="info">
          A colleague invited you. Their clinic's code is filled in; change it if you work at another clinic. Use the
          e-mail address the invitation was sent to, or{' '}
          <Link to={paths.therapistSignup.getHref()}>sign up without the invitation</Link>.
        </Alert>
      )}
      <TextField
        label="Clinic code"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        required
        hint="Ask your clinic for its code."
        status={<ClinicCodeStatus check={codeCheck} />}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="auth-form__row auth-form__row--split">
        <NameFields
          isOwnName
          first={{ ...form.register('first_name'), error: errors.first_name?.message }}
          last={{ ...form.register('last_name'), error: errors.last_name?.message }}
        />
      </div>
      <Controller
        control={form.control}
        name="role"
        render={(props) => (
          <Dropdown {...choiceProps(props, 'Choose a role')} label="Role" required options={roleOptions} />
        )}
      />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <PasswordField isNew hint={NEW_PASSWORD_HINT} error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        Create account
      </Button>
      <div className="auth-form__links">
        <span>
          Already have an account? <Link to={paths.login.getHref()}>Sign in</Link>
        </span>
      </div>
    </form>
  );
}
