import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { paths } from '@web/config/paths.ts';
import { LoginForm } from '@web/features/auth/components/login-form.tsx';
import { takeRedirectPath } from '@web/lib/storage.ts';
import { Link, useNavigate } from 'react-router';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in with your staff account.">
      <LoginForm onSuccess={() => navigate(takeRedirectPath() ?? paths.patients.getHref(), { replace: true })} />
      <p className="auth-card__subtitle">
        Clinic supervisor? <Link to={paths.supervisorLogin.getHref()}>Sign in with your clinic code</Link>
      </p>
      <p className="auth-card__subtitle">
        Are you a patient? <Link to={paths.patientLogin.getHref()}>Sign in here</Link>
      </p>
    </AuthCard>
  );
}
