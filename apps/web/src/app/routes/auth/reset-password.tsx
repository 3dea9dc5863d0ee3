import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form.tsx';
import { useSearchParams } from 'react-router';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm uid={params.get('uid')} token={params.get('token')} />
    </AuthCard>
  );
}
