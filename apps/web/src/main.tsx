// The page's first script, kept tiny (decision 1120): it opens the app the address belongs to, the patient's or the
// staff's, so neither downloads the other's code, and starts the first screen's chunks and data meanwhile.
import { startFirstScreen } from './app/first-screen.ts';
import { isPatientSidePath } from './config/paths.ts';

startFirstScreen(window.location);
if (isPatientSidePath(window.location.pathname)) void import('./app/patient-main.tsx');
else void import('./app/staff-main.tsx');
