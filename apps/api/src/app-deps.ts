import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AuditLog } from './lib/audit.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { SmsSender } from './lib/sms.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { ChatService } from './modules/chat/chat.service.ts';
import type { HepService } from './modules/hep/hep.service.ts';
import type { PatientProgramService } from './modules/hep/patient-program.service.ts';
import type { PatientAppService } from './modules/patient-app/patient-app.service.ts';
import type { PatientSigninService } from './modules/patient-app/patient-signin.service.ts';
import type { PatientDataService } from './modules/patient-data/patient-data.service.ts';
import type { PatientsService } from './modules/patients/patients.service.ts';
import type { RegistrationService } from './modules/patients/registration.service.ts';
import type { SupervisorService } from './modules/supervisor/supervisor.service.ts';
import type { FoldersService } from './modules/videos/folders.service.ts';
import type { VideosService } from './modules/videos/videos.service.ts';
import type { Realtime } from './realtime/socket-server.ts';
import type { VideoHost } from './video-host/host.ts';

type RateLimitRule = { max: number; timeWindow: string };

/** Everything routes need, wired once here; no container, no magic. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  audit: AuditLog;
  auth: AuthService;
  supervisor: SupervisorService;
  patients: PatientsService;
  registration: RegistrationService;
  sms: SmsSender;
  videoHost: VideoHost;
  videos: VideosService;
  folders: FoldersService;
  hep: HepService;
  patientProgram: PatientProgramService;
  patientData: PatientDataService;
  rateLimits: { auth: RateLimitRule };
  realtime: Realtime;
  chat: ChatService;
  patientSignin: PatientSigninService;
  patientApp: PatientAppService;
};
