import { useQueryClient } from '@tanstack/react-query';
import { ShieldX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { FrameSkeleton } from '../../../components/layouts/frame-skeleton.tsx';
import { MainLayout } from '../../../components/layouts/main-layout.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCurrentUser } from '../../../lib/session/get-current-user.ts';
import { useSettingsInfo } from '../../../lib/session/get-settings-info.ts';
import { endSession, logout, useLogout } from '../../../lib/session/logout.ts';
import { rememberRedirectPath } from '../../../lib/storage.ts';
import type { RouteHandle } from '../../router.tsx';
import { ChatRealtime, DesktopChat } from './chat-realtime.tsx';

/** The navigation guard (seed §2): every screen behind sign-in renders through here. */
export function ProtectedLayout() {
  const token = useAuthStore((state) => state.token);
  if (!token) return <RedirectToLogin />;
  return <SignedInFrame />;
}

/** No token: remember where the person was going, then ask them to sign in. */
function RedirectToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasSignedOut = useAuthStore((state) => state.hasSignedOut);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the location that was refused
  useEffect(() => {
    if (!hasSignedOut) rememberRedirectPath(`${location.pathname}${location.search}${location.hash}`);
    navigate(paths.login.getHref(), { replace: true });
  }, []);

  return <FrameSkeleton label="Redirecting to sign in" />;
}

function SignedInFrame() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  // Support user and initial note are needed by chat and the patient list; failures are ignored.
  useSettingsInfo(user.isSuccess);
  const signOut = useLogout();
  const matches = useMatches();

  useEffect(() => {
    if (!user.isError) return;
    // The stored token no longer names a user: revoke it (best effort) and start over at sign-in.
    if (useAuthStore.getState().token) logout().catch(() => undefined);
    endSession(queryClient);
  }, [user.isError, queryClient]);

  if (!user.data) return <FrameSkeleton />;
  // Patients have their own side; a staff address is never theirs.
  if (user.data.role === 'patient') return <Navigate to={paths.myToday.getHref()} replace />;

  const allowedRoles = matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.roles ?? []);
  const isAllowed = allowedRoles.length === 0 || allowedRoles.includes(user.data.role);

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
