import { useEffect } from 'react';
import { FrameSkeleton } from '../components/layouts/frame-skeleton.tsx';

/**
 * An address of the other app (staff or patient, decision 1120), reached from a link or a redirect inside this one:
 * the page loads again at that address, and the page's first script opens the app it belongs to.
 */
export function OtherSide() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <FrameSkeleton />;
}
