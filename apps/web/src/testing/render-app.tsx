import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { appRoutes } from '../app/router.tsx';
import { useAuthStore } from '../lib/auth-store.ts';
import { ACCESS_TOKEN_KEY } from '../lib/storage.ts';

/** Renders the whole app at `url`, as a browser tab would open it, optionally already signed in. */
export function renderApp(url: string, { token }: { token?: string } = {}) {
  if (token) window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  useAuthStore.setState({ token: token ?? null, status: 'idle', error: null, hasSignedOut: false });
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, location: () => router.state.location };
}
