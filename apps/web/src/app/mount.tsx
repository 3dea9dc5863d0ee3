import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { initErrorReporting } from '../lib/error-reporting.ts';
import { AppProvider } from './provider.tsx';
import '../styles/base.css';

function AppRouter({ routes }: { routes: RouteObject[] }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}

/** Renders an app (staff or patient) with its routes into the page. */
export function mount(routes: RouteObject[]) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');

  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter routes={routes} />
      </AppProvider>
    </StrictMode>,
  );

  // Error reporting starts after the first screen, so it never delays it.
  const startReporting = () => void initErrorReporting();
  if ('requestIdleCallback' in window) window.requestIdleCallback(startReporting);
  else setTimeout(startReporting, 1);
}
