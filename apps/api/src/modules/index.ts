import { adminModule } from './admin/admin.module.ts';
import { authModule } from './auth/auth.module.ts';
import { balancesModule } from './balances/balances.module.ts';
import { bannersModule } from './banners/banners.module.ts';
import { billingModule } from './billing/billing.module.ts';
import { chatModule } from './chat/chat.module.ts';
import { clinicsModule } from './clinics/clinics.module.ts';
import { dashboardModule } from './dashboard/dashboard.module.ts';
import { devModule } from './dev/dev.module.ts';
import { fhirModule } from './fhir/fhir.module.ts';
import { healthModule } from './health/health.module.ts';
import { hepModule } from './hep/hep.module.ts';
import { monitoringModule } from './monitoring/monitoring.module.ts';
import { patientAppModule } from './patient-app/patient-app.module.ts';
import { patientDataModule } from './patient-data/patient-data.module.ts';
import { patientsModule } from './patients/patients.module.ts';
import { programTemplatesModule } from './program-templates/program-templates.module.ts';
import { referralModule } from './referral/referral.module.ts';
import { remindersModule } from './reminders/reminders.module.ts';
import { supervisorModule } from './supervisor/supervisor.module.ts';
import { tasksModule } from './tasks/tasks.module.ts';
import { videosModule } from './videos/videos.module.ts';
import { visitsModule } from './visits/visits.module.ts';

/**
 * Every area of the API, each a plugin that builds its services from the core and from what earlier modules
 * decorated, and registers its routes. Listed once, a module after those it names in its `dependencies`: a module
 * out of order stops the start naming the plugin it misses (decision 1320).
 */
export const modules = [
  healthModule,
  tasksModule,
  referralModule,
  authModule,
  clinicsModule,
  supervisorModule,
  adminModule,
  billingModule,
  monitoringModule,
  patientAppModule,
  remindersModule,
  patientsModule,
  chatModule,
  visitsModule,
  videosModule,
  hepModule,
  programTemplatesModule,
  patientDataModule,
  fhirModule,
  bannersModule,
  dashboardModule,
  balancesModule,
  devModule,
];
