import type { Action } from '@rehabit/contract';
import { Navigate, type RouteObject } from 'react-router';
import { paths, patientSidePatterns } from '../config/paths.ts';
import { OtherSide } from './other-side.tsx';
import { authLayout, notFound, withRoot } from './root-route.tsx';

/** What a route tells the protected layout: the action of the permission table its screen is for. */
export type RouteHandle = { action?: Action };

/** Every screen of the staff side. Screens load on demand so the first page stays small. */
export const staffSideRoutes: RouteObject[] = [
  { path: paths.home.path, element: <Navigate to={paths.patients.getHref()} replace /> },
  {
    lazy: authLayout,
    children: [
      {
        path: paths.login.path,
        lazy: () => import('./routes/auth/login.tsx').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: paths.supervisorLogin.path,
        lazy: () => import('./routes/auth/supervisor-login.tsx').then((m) => ({ Component: m.SupervisorLoginRoute })),
      },
      {
        path: paths.therapistSignup.path,
        lazy: () => import('./routes/auth/therapist-signup.tsx').then((m) => ({ Component: m.TherapistSignupRoute })),
      },
      {
        path: paths.findPassword.path,
        lazy: () => import('./routes/auth/find-password.tsx').then((m) => ({ Component: m.FindPasswordRoute })),
      },
      {
        path: paths.resetPassword.path,
        lazy: () => import('./routes/auth/reset-password.tsx').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
    ],
  },
  {
    lazy: () => import('./routes/app/protected-layout.tsx').then((m) => ({ Component: m.ProtectedLayout })),
    children: [
      {
        path: paths.patients.path,
        lazy: () => import('./routes/app/patients.tsx').then((m) => ({ Component: m.PatientsRoute })),
      },
      {
        path: paths.patientDashboard.path,
        lazy: () => import('./routes/app/patient-dashboard.tsx').then((m) => ({ Component: m.PatientDashboardRoute })),
      },
      {
        path: paths.patientVideoVisit.path,
        lazy: () => import('./routes/app/patient-visit.tsx').then((m) => ({ Component: m.PatientVisitRoute })),
      },
      {
        path: paths.therapistList.path,
        lazy: () => import('./routes/app/therapist-list.tsx').then((m) => ({ Component: m.TherapistListRoute })),
      },
      {
        path: paths.dashboard.path,
        // Clinic work; admins belong to the platform (decision 0102).
        handle: { action: 'dashboard.read' } satisfies RouteHandle,
        lazy: () => import('./routes/app/dashboard.tsx').then((m) => ({ Component: m.DashboardRoute })),
      },
      {
        path: paths.balances.path,
        lazy: () => import('./routes/app/balances.tsx').then((m) => ({ Component: m.BalancesRoute })),
      },
      {
        path: paths.exerciseLibrary.path,
        lazy: () => import('./routes/app/exercise-library.tsx').then((m) => ({ Component: m.ExerciseLibraryRoute })),
      },
      {
        path: paths.programTemplates.path,
        handle: { action: 'programs.edit' } satisfies RouteHandle,
        lazy: () => import('./routes/app/program-templates.tsx').then((m) => ({ Component: m.ProgramTemplatesRoute })),
      },
      {
        path: paths.exerciseUpload.path,
        lazy: () => import('./routes/app/exercise-upload.tsx').then((m) => ({ Component: m.ExerciseUploadRoute })),
      },
      {
        path: paths.exerciseEdit.path,
        lazy: () => import('./routes/app/exercise-upload.tsx').then((m) => ({ Component: m.ExerciseUploadRoute })),
      },
      {
        path: paths.referral.path,
        // Therapists and managers invite colleagues; a supervisor or admin is told so before any request.
        handle: { action: 'referral.send' } satisfies RouteHandle,
        lazy: () => import('./routes/app/referral.tsx').then((m) => ({ Component: m.ReferralRoute })),
      },
      {
        path: paths.chat.path,
        lazy: () => import('./routes/app/chat-sessions.tsx').then((m) => ({ Component: m.ChatSessionsRoute })),
      },
      {
        path: paths.chatMessages.path,
        lazy: () => import('./routes/app/chat-messages.tsx').then((m) => ({ Component: m.ChatMessagesRoute })),
      },
      {
        path: paths.clinicSettings.path,
        handle: { action: 'clinic.settings' } satisfies RouteHandle,
        lazy: () => import('./routes/app/clinic-settings.tsx').then((m) => ({ Component: m.ClinicSettingsRoute })),
      },
      {
        path: paths.adminClinics.path,
        handle: { action: 'platform.clinics' } satisfies RouteHandle,
        lazy: () => import('./routes/app/admin-clinics.tsx').then((m) => ({ Component: m.AdminClinicsRoute })),
      },
      {
        path: paths.adminClinic.path,
        handle: { action: 'platform.clinics' } satisfies RouteHandle,
        lazy: () => import('./routes/app/admin-clinic.tsx').then((m) => ({ Component: m.AdminClinicRoute })),
      },
      {
        path: paths.auditLog.path,
        handle: { action: 'audit.read' } satisfies RouteHandle,
        lazy: () => import('./routes/app/audit-log.tsx').then((m) => ({ Component: m.AuditLogRoute })),
      },
      {
        path: paths.adminVideoRequests.path,
        handle: { action: 'library.manage' } satisfies RouteHandle,
        lazy: () =>
          import('./routes/app/admin-video-requests.tsx').then((m) => ({ Component: m.AdminVideoRequestsRoute })),
      },
      {
        path: paths.adminAnnouncements.path,
        handle: { action: 'announcements.manage' } satisfies RouteHandle,
        lazy: () =>
          import('./routes/app/admin-announcements.tsx').then((m) => ({ Component: m.AdminAnnouncementsRoute })),
      },
    ],
  },
];

/** The staff app (decision 1120); a patient's address opens the patient app. */
export const staffRoutes: RouteObject[] = withRoot([
  ...staffSideRoutes,
  ...patientSidePatterns.map((path) => ({ path, element: <OtherSide /> })),
  { path: '*', lazy: notFound },
]);
