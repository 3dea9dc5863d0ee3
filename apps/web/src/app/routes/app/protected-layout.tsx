import { can } from '@rehabit/contract';
import type { RouteHandle } from '@web/app/router.tsx';
import { FrameSkeleton } from '@web/components/layouts/frame-skeleton.tsx';
import { MainLayout } from '@web/components/layouts/main-layout.tsx';
import { RedirectToSignIn } from '@web/components/layouts/redirect-to-sign-in.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { paths } from '@web/config/paths.ts';
import { useAuthStore } from '@web/lib/auth-store.ts';
import { useCurrentUser } from '@web/lib/session/get-current-user.ts';
import { useSettingsInfo } from '@web/lib/session/get-settings-info.ts';
import { useEndSessionOnUserError, useLogout } from '@web/lib/session/logout.ts';
import { ShieldX } from 'lucide-react';
import { Link, Navigate, Outlet, useMatches } from 'react-router';
import { ChatRealtime, DesktopChat } from './chat-realtime.tsx';
import { Monitoring } from './monitoring.tsx';

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
  // Every level of a nested route that names an action must allow it.
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
      monitoring={<Monitoring user={user.data} />}
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
