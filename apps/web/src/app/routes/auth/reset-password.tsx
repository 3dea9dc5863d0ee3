import { useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-layout.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm uid={params.get('uid')} token={params.get('token')} />
    </AuthCard>
  );
}
