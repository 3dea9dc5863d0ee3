import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@web/features/session';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { patientSideRoutes } from '../app/patient-routes.tsx';
import { AppProvider } from '../app/provider.tsx';
import { notFound, withRoot } from '../app/root-route.tsx';
import { staffSideRoutes } from '../app/router.tsx';
import { ACCESS_TOKEN_KEY } from '../lib/storage.ts';

// Both sides in one router (in the browser each is an app of its own): a test can cross from one side to the other.
const appRoutes = withRoot([...staffSideRoutes, ...patientSideRoutes, { path: '*', lazy: notFound }]);

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
