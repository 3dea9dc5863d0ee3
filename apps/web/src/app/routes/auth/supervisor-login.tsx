import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { SupervisorLoginForm } from '../../../features/auth/components/supervisor-login-form.tsx';
import { takeRedirectPath } from '../../../lib/storage.ts';

export function SupervisorLoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Supervisor sign in" subtitle="Approve staff and manage your clinic's access.">
      <SupervisorLoginForm
        onSuccess={() => navigate(takeRedirectPath() ?? paths.therapistList.getHref(), { replace: true })}
      />
    </AuthCard>
  );
}
