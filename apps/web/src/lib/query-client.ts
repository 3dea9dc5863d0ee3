import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from './api-error.ts';
import { notify } from './notify.ts';

/** How a failure reaches the person: a toast, the form's fields, or nothing (the screen shows it). */
type ErrorHandling = 'toast' | 'form' | 'silent';

declare module '@tanstack/react-query' {
  // Module augmentation can only extend the library's interface.
  interface Register {
    queryMeta: { errorHandling?: ErrorHandling };
    mutationMeta: { errorHandling?: ErrorHandling };
  }
}

// Client errors will not change on retry; network and server hiccups might.
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A first load shows its own error state with a retry; only a failed refresh of data
        // already on screen needs a toast.
        if (query.meta?.errorHandling === 'silent' || query.state.data === undefined) return;
        notify.error(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const handling = mutation.options.meta?.errorHandling ?? 'toast';
        if (handling === 'toast') notify.error(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
