/**
 * The chunks of the screens a signed-in tab lands on (first-screen.ts, decision 1121): the router asks for the same
 * modules later and finds them loaded or on their way. A module of its own, loaded only by a tab with a session:
 * the lists of files these imports preload are then not part of every visitor's first script (decision 1170).
 */
const chunks = {
  patients: () => [import('./routes/app/protected-layout.tsx'), import('./routes/app/patients.tsx')],
  patientDashboard: () => [import('./routes/app/protected-layout.tsx'), import('./routes/app/patient-dashboard.tsx')],
  myToday: () => [import('./routes/patient/patient-layout.tsx'), import('./routes/patient/today.tsx')],
  myOther: () => [import('./routes/patient/patient-layout.tsx')],
};

export type LandingScreen = keyof typeof chunks;

export const startChunks = (screen: LandingScreen) => void Promise.all(chunks[screen]());
