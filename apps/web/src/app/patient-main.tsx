import { captureInstallPrompt, linkAppManifest } from '../features/patient-app/lib/installable-app.ts';
import { mount } from './mount.tsx';
import { patientRoutes } from './patient-routes.tsx';

// The patient's pages alone make the app installable (decision 1355); the browser's offer may come at any moment.
linkAppManifest();
captureInstallPrompt();
mount(patientRoutes);
