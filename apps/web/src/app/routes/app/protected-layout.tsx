import { type Action, can, isPatientRole, isStaffRole, permissions, type Role, roleLabels } from '@rehabit/contract';
import type { RouteHandle } from '@web/app/router.tsx';
import { FrameSkeleton } from '@web/components/layouts/frame-skeleton.tsx';
import { MainLayout } from '@web/components/layouts/main-layout.tsx';
import { RedirectToSignIn } from '@web/components/layouts/redirect-to-sign-in.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { paths } from '@web/config/paths.ts';
import {
  useAuthStore,
  useCurrentUser,
  useEndSessionOnUserError,
  useLogout,
  useSettingsInfo,
} from '@web/features/session';
import { ShieldX } from 'lucide-react';
import { Link, Navigate, Outlet, useMatches } from 'react-router';
import { refusedByServer } from '../refused-by-server.ts';
import { ChatRealtime, DesktopChat } from './chat-realtime.tsx';
import { Monitoring } from './monitoring.tsx';

/** The navigation guard (decision 0101): every screen behind sign-in renders through here. */
export function ProtectedLayout() {
  const token = useAuthStore((state) => state.token);
  if (!token) return <RedirectToSignIn signInHref={paths.login.getHref()} />;
  return <SignedInFrame />;
}

function SignedInFrame() {
  const user = useCurrentUser();
  // Support user and initial note are needed by chat and the patient list; failures are ignored.
  useSettingsInfo(user.isSuccess && isStaffRole(user.data.role));
  const signOut = useLogout();
  const matches = useMatches();

  useEndSessionOnUserError(refusedByServer(user.error));

  if (!user.data) return <FrameSkeleton />;
  // Patients have their own side; a staff address is never theirs.
  if (isPatientRole(user.data.role)) return <Navigate to={paths.myToday.getHref()} replace />;

  const role = user.data.role;
  // Every level of a nested route that names an action must allow it.
  const deniedAction = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.action)
    .find((action) => action !== undefined && !can(role, action));

  return (
    <MainLayout
      user={user.data}
      onSignOut={() => signOut.mutate()}
      isSigningOut={signOut.isPending}
      chat={<DesktopChat user={user.data} />}
      monitoring={<Monitoring user={user.data} />}
    >
      <ChatRealtime userId={user.data.id} />
      {deniedAction ? <NotForYourRole role={role} action={deniedAction} /> : <Outlet />}
    </MainLayout>
  );
}

/** The people of a role where their label alone would not say whose staff they are. */
const peopleOf: Partial<Record<Role, string>> = { admin: 'platform admins' };

const rolesText = (roles: readonly Role[]) => {
  const names = roles.map((role) => peopleOf[role] ?? `${roleLabels[role].toLowerCase()}s`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** Who does it instead, said to the one who opened it: an admin has no clinic supervisor, a supervisor is one. */
function whoHandlesIt(role: Role, allowed: readonly Role[]) {
  if (allowed.every((other) => can(other, 'clinics.all'))) return 'It is the platform’s own work, not a clinic’s.';
  if (can(role, 'clinics.all'))
    return 'It is the clinic staff’s own work; you can open any clinic read-only from Clinics.';
  if (can(role, 'clinic.supervise')) return 'The staff of your clinic who have one of these roles handle it.';
  return 'Your clinic supervisor can tell you who handles it.';
}

/** A page opened by a role the permission table does not give it to: says whose page it is, without asking the API. */
function NotForYourRole({ role, action }: { role: Role; action: Action }) {
  const allowed: readonly Role[] = permissions[action];
  // Those who keep the platform's clinics go back to them; everyone else to their clinic's patients.
  const home = can(role, 'platform.clinics') ? paths.adminClinics : paths.patients;
  return (
    <EmptyState
      icon={ShieldX}
      title={`This page is for ${rolesText(allowed)}`}
      description={whoHandlesIt(role, allowed)}
      action={<Link to={home.getHref()}>{home === paths.adminClinics ? 'Go to clinics' : 'Go to patients'}</Link>}
    />
  );
}
