import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { initialLanguage, stringsOf } from '../features/patient-app/i18n/language.ts';
import { OtherSide } from './other-side.tsx';
import { notFound, withRoot } from './root-route.tsx';

/** A page of the patient's side, drawn once its code and the patient's language are both in (decision 1170). */
const patientPage = (page: () => Promise<{ Component: ComponentType }>) => async () => {
  // The patient's language downloads beside the page's code rather than after it.
  void stringsOf(initialLanguage());
  const [route] = await Promise.all([
    page(),
    import('../features/patient-app/i18n/i18n.ts').then((i18n) => i18n.languageLoaded),
  ]);
  return route;
};

/**
 * The patient's side: its sign-in, sign-up and screens. Each route's module is the route (it exports `Component`):
 * this table is part of the sign-in page, so it holds no more than the import of each.
 */
export const patientSideRoutes: RouteObject[] = [
  {
    path: paths.patientLogin.path,
    lazy: patientPage(() => import('./routes/patient/patient-login.tsx')),
  },
  {
    // The patient's own frame, with the language switch (decision 1151).
    path: paths.patientSignup.path,
    lazy: patientPage(() => import('./routes/patient/patient-signup.tsx')),
  },
  {
    // The patient's side has its own frame, guard and languages (decision 0430).
    lazy: patientPage(() => import('./routes/patient/patient-layout.tsx')),
    children: [
      {
        path: paths.myToday.path,
        lazy: () => import('./routes/patient/today.tsx'),
      },
      {
        path: paths.myProgress.path,
        lazy: () => import('./routes/patient/progress.tsx'),
      },
      {
        path: paths.myMeasure.path,
        lazy: () => import('./routes/patient/measure.tsx'),
      },
      {
        path: paths.myReminders.path,
        lazy: () => import('./routes/patient/reminders.tsx'),
      },
      {
        path: paths.myVisit.path,
        lazy: () => import('./routes/patient/visit.tsx'),
      },
      {
        path: paths.myChat.path,
        lazy: () => import('./routes/patient/chat.tsx'),
      },
    ],
  },
];

/** The patient app (decision 1120): an unknown address of its own is not found; a staff address opens the staff app. */
export const patientRoutes: RouteObject[] = withRoot([
  ...patientSideRoutes,
  { path: '/my/*', lazy: notFound },
  { path: '*', element: <OtherSide /> },
]);
