/** Every URL of the web app. Screens and links take their paths from here, never from literals. */
export const paths = {
  home: { path: '/', getHref: () => '/' },

  // Public
  login: { path: '/login', getHref: () => '/login' },
  supervisorLogin: { path: '/supervisor-login', getHref: () => '/supervisor-login' },
  patientSignup: {
    path: '/patient/signup',
    /** The address the clinic's QR code opens, with the clinic's code. */
    getHref: (clinicCode?: string) =>
      clinicCode ? `/patient/signup?clinic=${encodeURIComponent(clinicCode)}` : '/patient/signup',
  },
  therapistSignup: { path: '/therapist-signup', getHref: () => '/therapist-signup' },
  findPassword: { path: '/find-password', getHref: () => '/find-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  patientLogin: { path: '/patient/login', getHref: () => '/patient/login' },

  // The patient's own side (decision 0430)
  myToday: { path: '/my/today', getHref: () => '/my/today' },
  myProgress: { path: '/my/progress', getHref: () => '/my/progress' },
  myChat: { path: '/my/chat', getHref: () => '/my/chat' },
  myReminders: { path: '/my/reminders', getHref: () => '/my/reminders' },
  myVisit: { path: '/my/visit/:id', getHref: (visitId: number) => `/my/visit/${visitId}` },
  myMeasure: {
    path: '/my/measures/:assignmentId',
    getHref: (assignmentId: number) => `/my/measures/${encodeURIComponent(String(assignmentId))}`,
  },

  // Behind sign-in
  patients: { path: '/patients', getHref: () => '/patients' },
  patientDashboard: {
    path: '/patient/:id/dashboard',
    getHref: (id: number | string) => `/patient/${encodeURIComponent(String(id))}/dashboard`,
  },
  patientVideoVisit: {
    path: '/patient/:id/visit',
    getHref: (id: number | string) => `/patient/${encodeURIComponent(String(id))}/visit`,
  },
  therapistList: { path: '/therapist-list', getHref: () => '/therapist-list' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  tasks: { path: '/dashboard', getHref: () => '/dashboard#tasks' },
  balances: { path: '/balances', getHref: () => '/balances' },
  exerciseLibrary: {
    path: '/exercise-library',
    /** With `myRequests`: opens the list of one's own video requests and their answers. */
    getHref: (options: { myRequests?: boolean } = {}) =>
      options.myRequests ? '/exercise-library?requests=mine' : '/exercise-library',
  },
  exerciseUpload: { path: '/exercise-upload', getHref: () => '/exercise-upload' },
  programTemplates: { path: '/program-templates', getHref: () => '/program-templates' },
  exerciseEdit: {
    path: '/exercise-edit/:id',
    getHref: (id: number | string) => `/exercise-edit/${encodeURIComponent(String(id))}`,
  },
  referral: { path: '/referral', getHref: () => '/referral' },
  chat: {
    path: '/chat',
    /** With a patient: opens (or starts) that patient's conversation. */
    getHref: (patientId?: number) => (patientId ? `/chat?patient=${encodeURIComponent(String(patientId))}` : '/chat'),
  },
  chatMessages: {
    path: '/chat/:id/messages',
    getHref: (id: number | string) => `/chat/${encodeURIComponent(String(id))}/messages`,
  },
  clinicSettings: {
    path: '/clinic-settings',
    /** An admin names the clinic; a supervisor's is their own. */
    getHref: (clinicCode?: string) =>
      clinicCode ? `/clinic-settings?clinic=${encodeURIComponent(clinicCode)}` : '/clinic-settings',
  },
  adminClinics: { path: '/admin/clinics', getHref: () => '/admin/clinics' },
  adminClinic: {
    path: '/admin/clinics/:code',
    getHref: (code: string) => `/admin/clinics/${encodeURIComponent(code)}`,
  },
  auditLog: {
    path: '/audit-log',
    /** Opened on one clinic's log (an admin's choice) or the caller's own. */
    getHref: (clinicCode?: string) =>
      clinicCode ? `/audit-log?clinic=${encodeURIComponent(clinicCode)}` : '/audit-log',
  },
  // The platform admin's screens
  adminVideoRequests: { path: '/admin/video-requests', getHref: () => '/admin/video-requests' },
  adminAnnouncements: { path: '/admin/announcements', getHref: () => '/admin/announcements' },
} as const;

/**
 * The patient's side (decision 0430) is an app of its own, loaded without the staff screens (decision 1120): these
 * addresses open it; every other address opens the staff app.
 */
export const patientSidePatterns = ['/my/*', paths.patientLogin.path, paths.patientSignup.path] as const;

/** Whether an address belongs to the patient's side; matched as the router does (no case, trailing slashes). */
export function isPatientSidePath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return patientSidePatterns.some((pattern) =>
    pattern.endsWith('/*') ? path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1)) : path === pattern,
  );
}

/** Screens that need the whole height on phones, so the bottom menu steps aside (decision 1310). */
export const bottomMenuHiddenPatterns = [
  paths.exerciseLibrary.path,
  paths.exerciseUpload.path,
  paths.exerciseEdit.path,
];
