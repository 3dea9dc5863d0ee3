import { useAuthStore } from '@web/features/session';
import { rememberRedirectPath } from '@web/lib/storage.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FrameSkeleton } from './frame-skeleton.tsx';

/**
 * No token: remember where the person was going (unless they just signed out), then send them to the sign-in page
 * of their side — staff's or the patient's.
 */
export function RedirectToSignIn({ signInHref }: { signInHref: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasSignedOut = useAuthStore((state) => state.hasSignedOut);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the location that was refused
  useEffect(() => {
    if (!hasSignedOut) rememberRedirectPath(`${location.pathname}${location.search}${location.hash}`);
    navigate(signInHref, { replace: true });
  }, []);

  return <FrameSkeleton label="Redirecting to sign in" />;
}
