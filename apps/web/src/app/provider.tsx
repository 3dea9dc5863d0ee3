import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from '../components/ui/toasts/toaster.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { endSession } from '../lib/session/logout.ts';

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

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionExpiry />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
