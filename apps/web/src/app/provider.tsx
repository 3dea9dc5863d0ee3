import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@web/features/session';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from '../components/ui/toasts/toaster.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { watchFirstScreen } from '../lib/first-screen-drawn.ts';
import { notify } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** When the server stops accepting our token, end the session once; the guard then asks for sign-in. */
function SessionExpiry() {
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      endSession(queryClient);
      notify('Your session has ended. Please sign in again.', 'info', { id: 'session-ended' });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);
  return null;
}

/** Tells when the first screen is drawn, so live updates start after it. */
function FirstScreen() {
  const queryClient = useQueryClient();
  useEffect(() => watchFirstScreen(queryClient), [queryClient]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionExpiry />
      <FirstScreen />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
