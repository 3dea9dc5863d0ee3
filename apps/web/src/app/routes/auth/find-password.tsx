import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { FindPasswordForm } from '@web/features/auth/components/find-password-form.tsx';

export function FindPasswordRoute() {
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter the e-mail of your staff account.">
      <FindPasswordForm />
    </AuthCard>
  );
}
