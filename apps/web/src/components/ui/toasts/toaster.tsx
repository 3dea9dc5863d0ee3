import { toastsAsked } from '@web/lib/notify.ts';
import { lazy, Suspense, useSyncExternalStore } from 'react';

// Loaded with the first toast, as the library is (lib/notify.ts).
const ToastContainer = lazy(() => import('./toast-container.tsx'));

/** Where toasts show: on the page from the first toast asked for. */
export function Toaster() {
  const asked = useSyncExternalStore(toastsAsked.subscribe, toastsAsked.current);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
