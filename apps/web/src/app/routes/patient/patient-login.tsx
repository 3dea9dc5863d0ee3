import '../../../features/patient-app/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PatientLogin } from '../../../features/patient-app/components/login/patient-login.tsx';
import { takeRedirectPath } from '../../../lib/storage.ts';

/** Public: the patient's sign-in; afterwards the page they wanted, or today's exercises. */
export function PatientLoginRoute() {
  const navigate = useNavigate();
  return <PatientLogin onSignedIn={() => navigate(takeRedirectPath() ?? paths.myToday.getHref(), { replace: true })} />;
}
