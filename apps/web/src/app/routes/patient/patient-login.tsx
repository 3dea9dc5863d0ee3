import '@web/features/patient-app/i18n/i18n.ts';
import { paths } from '@web/config/paths.ts';
import { PatientLogin } from '@web/features/patient-app/components/login/patient-login.tsx';
import { useAuthStore } from '@web/features/session';
import { takeRedirectPath } from '@web/lib/storage.ts';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';

/** Public: the patient's sign-in; afterwards the page they wanted, or today's exercises. */
export function Component() {
  const navigate = useNavigate();
  // Someone already signed in goes straight on; read once, as signing in here sets the token too.
  const [hadToken] = useState(() => useAuthStore.getState().token !== null);
  if (hadToken) return <Navigate to={paths.myToday.getHref()} replace />;
  return <PatientLogin onSignedIn={() => navigate(takeRedirectPath() ?? paths.myToday.getHref(), { replace: true })} />;
}
