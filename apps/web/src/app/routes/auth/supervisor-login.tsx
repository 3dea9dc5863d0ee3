import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { paths } from '@web/config/paths.ts';
import { SupervisorLoginForm } from '@web/features/auth/components/supervisor-login-form.tsx';
import { takeRedirectPath } from '@web/lib/storage.ts';
import { useNavigate } from 'react-router';

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
