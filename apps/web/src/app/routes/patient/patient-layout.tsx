import { refusedByServer } from '../refused-by-server.ts';
import '@web/features/patient-app/i18n/i18n.ts';
import { isPatientRole } from '@rehabit/contract';
import { FrameSkeleton } from '@web/components/layouts/frame-skeleton.tsx';
import { RedirectToSignIn } from '@web/components/layouts/redirect-to-sign-in.tsx';
import { paths } from '@web/config/paths.ts';
import { PatientShell } from '@web/features/patient-app/components/shell/patient-shell.tsx';
import { useAuthStore, useCurrentUser, useEndSessionOnUserError } from '@web/features/session';
import { Navigate, Outlet } from 'react-router';

/**
 * The guard of the patient's side (decision 0430): no token goes to the patient's sign-in and back,
 * staff go to their patient list, and patients get their own frame.
 */
export function Component() {
  const token = useAuthStore((state) => state.token);
  if (!token) return <RedirectToSignIn signInHref={paths.patientLogin.getHref()} />;
  return <SignedInPatient />;
}

function SignedInPatient() {
  const user = useCurrentUser();

  useEndSessionOnUserError(refusedByServer(user.error));

  if (!user.data) return <FrameSkeleton />;
  if (!isPatientRole(user.data.role)) return <Navigate to={paths.patients.getHref()} replace />;
  return (
    <PatientShell userId={user.data.id} clinicName={user.data.clinic_name}>
      <Outlet />
    </PatientShell>
  );
}
