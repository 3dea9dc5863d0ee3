import { useHasToken } from '@web/lib/access-token.ts';
import { firstScreenDrawn } from '@web/lib/first-screen-drawn.ts';
import { prepareToasts, toastsAsked } from '@web/lib/notify.ts';
import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// Loaded with the library (lib/notify.ts). Should its download fail, toasts are missed, never the page.
const ToastContainer = lazy<ComponentType>(() =>
  import('./toast-container.tsx').catch(() => ({ default: () => null })),
);

/** Where toasts show: on the page from the first toast asked for, or once a signed-in screen is drawn. */
export function Toaster() {
  const signedIn = useHasToken();
  useEffect(() => {
    // After the first screen, which it must not slow down.
    if (signedIn) void firstScreenDrawn.then(prepareToasts);
  }, [signedIn]);
  const asked = useSyncExternalStore(toastsAsked.subscribe, toastsAsked.current);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
