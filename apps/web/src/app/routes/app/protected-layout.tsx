import { can } from '@rehabit/contract';
import { ShieldX } from 'lucide-react';
import { Link, Navigate, Outlet, useMatches } from 'react-router';
import { FrameSkeleton } from '../../../components/layouts/frame-skeleton.tsx';
import { MainLayout } from '../../../components/layouts/main-layout.tsx';
import { RedirectToSignIn } from '../../../components/layouts/redirect-to-sign-in.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCurrentUser } from '../../../lib/session/get-current-user.ts';
import { useSettingsInfo } from '../../../lib/session/get-settings-info.ts';
import { useEndSessionOnUserError, useLogout } from '../../../lib/session/logout.ts';
import type { RouteHandle } from '../../router.tsx';
import { ChatRealtime, DesktopChat } from './chat-realtime.tsx';

/** The navigation guard (seed §2): every screen behind sign-in renders through here. */
export function ProtectedLayout() {
  const token = useAuthStore((state) => state.token);
  if (!token) return <RedirectToSignIn signInHref={paths.login.getHref()} />;
  return <SignedInFrame />;
}

function SignedInFrame() {
  const user = useCurrentUser();
  // Support user and initial note are needed by chat and the patient list; failures are ignored.
  useSettingsInfo(user.isSuccess);
  const signOut = useLogout();
  const matches = useMatches();

  useEndSessionOnUserError(user.isError);

  if (!user.data) return <FrameSkeleton />;
  // Patients have their own side; a staff address is never theirs.
  if (user.data.role === 'patient') return <Navigate to={paths.myToday.getHref()} replace />;

  const role = user.data.role;
  const isAllowed = matches.every((match) => {
    const action = (match.handle as RouteHandle | undefined)?.action;
    return action === undefined || can(role, action);
  });

  return (
    <MainLayout
      user={user.data}
      onSignOut={() => signOut.mutate()}
      isSigningOut={signOut.isPending}
      chat={<DesktopChat user={user.data} />}
    >
      <ChatRealtime userId={user.data.id} />
      {isAllowed ? <Outlet /> : <NotForYourRole />}
    </MainLayout>
  );
}

function NotForYourRole() {
  return (
    <EmptyState
      icon={ShieldX}
      title="This page is not part of your role"
      description="Your clinic supervisor can tell you who handles it."
      action={<Link to={paths.patients.getHref()}>Go to patients</Link>}
    />
  );
}
