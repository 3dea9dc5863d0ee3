import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { takeRedirectPath } from '../../../lib/storage.ts';

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
