import { patientI18n } from './i18n.ts';

// The installed app's notices (decision 1355): offline, a new version, the install offer. Added to the patient
// side's strings by the signed-in frame, so the sign-in page never downloads them. `es` must have the same keys as
// `en` (the type checks it).
const en = {
  offline:
    "You are offline. Today's program is from your last visit. What you log is kept on this phone and sent when you are back online.",
  updateReady: 'A new version of Rehabit is ready.',
  reload: 'Reload',
  install: 'Install the app',
  installNotNow: 'Not now',
};

const es: typeof en = {
  offline:
    'Está sin conexión. El programa de hoy es el de su última visita. Lo que registre se guarda en este teléfono y se envía cuando vuelva la conexión.',
  updateReady: 'Hay una nueva versión de Rehabit.',
  reload: 'Recargar',
  install: 'Instalar la aplicación',
  installNotNow: 'Ahora no',
};

patientI18n.addResourceBundle('en', 'translation', { app: en }, true);
patientI18n.addResourceBundle('es', 'translation', { app: es }, true);
