import type { RouteObject } from 'react-router';
import { FrameSkeleton } from '../components/layouts/frame-skeleton.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/** The frame every screen of either side renders in. */
export const withRoot = (children: RouteObject[]): RouteObject[] => [
  { element: <RootLayout />, errorElement: <RouteError />, hydrateFallbackElement: <FrameSkeleton />, children },
];

/** The staff's sign-in and sign-up pages' card. */
export const authLayout = () =>
  import('../components/layouts/auth-layout.tsx').then((m) => ({ Component: m.AuthLayout }));

export const notFound = () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute }));
