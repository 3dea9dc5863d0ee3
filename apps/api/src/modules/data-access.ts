import type { Db, DbOrTx } from '../db/client.ts';
import { type Actor, type ClinicScope, scopeOf } from '../db/scope.ts';
import { createAnnouncementsRepository, createStaffNoticesRepository } from './admin/announcements.repository.ts';
import { createAuditLogRepository } from './admin/audit-log.repository.ts';
import { createLockoutRepository } from './auth/lockout.repository.ts';
import { createPasswordResetsRepository } from './auth/password-resets.repository.ts';
import { createSessionsRepository } from './auth/sessions.repository.ts';
import { createUsersRepository } from './auth/users.repository.ts';
import { createBannersRepository } from './banners/banners.repository.ts';
import { createBillingFilesRepository } from './billing/billing-files.repository.ts';
import { createBillingInputsRepository } from './billing/billing-inputs.repository.ts';
import { createBillingMonthRepository } from './billing/billing-month.repository.ts';
import { createBillingRatesRepository } from './billing/billing-rates.repository.ts';
import { createBillingSettingsRepository } from './billing/billing-settings.repository.ts';
import { createBillingSignOffRepository } from './billing/billing-sign-off.repository.ts';
import { createRtmStatusRepository } from './billing/rtm-status.repository.ts';
import { createChatRepository } from './chat/chat.repository.ts';
import { createClinicsRepository } from './clinics/clinics.repository.ts';
import { createSettingsRepository } from './clinics/settings.repository.ts';
import { createDashboardRepository } from './dashboard/dashboard.repository.ts';
import { createFhirRepository } from './fhir/fhir.repository.ts';
import { createFhirExportsRepository } from './fhir/fhir-exports.repository.ts';
import { createExerciseLogsRepository } from './hep/exercise-logs.repository.ts';
import { createHepRepository } from './hep/hep.repository.ts';
import { createHepProgramRepository } from './hep/hep-program.repository.ts';
import { createMonitoringRepository } from './monitoring/monitoring.repository.ts';
import { createPatientAppRepository } from './patient-app/patient-app.repository.ts';
import { createFunctionalDataRepository } from './patient-data/functional-data.repository.ts';
import { createMeasureAssignmentsRepository } from './patient-data/measure-assignments.repository.ts';
import { createProgressRepository } from './patient-data/progress.repository.ts';
import { createClinicianTimeRepository } from './patients/clinician-time.repository.ts';
import { createContactStatusRepository } from './patients/contact-status.repository.ts';
import { createIcd10Repository } from './patients/icd10.repository.ts';
import { createInteractionsRepository } from './patients/interactions.repository.ts';
import { createOtpRepository } from './patients/otp.repository.ts';
import { createPatientRecordRepository } from './patients/patient-record.repository.ts';
import { createPatientsRepository } from './patients/patients.repository.ts';
import { createProgramTemplatesRepository } from './program-templates/program-templates.repository.ts';
import { createReferralRepository } from './referral/referral.repository.ts';
import { createPushSubscriptionsRepository } from './reminders/push-subscriptions.repository.ts';
import { createReminderDeliveriesRepository } from './reminders/reminder-deliveries.repository.ts';
import { createReminderSchedulesRepository } from './reminders/reminder-schedules.repository.ts';
import { createTasksRepository } from './tasks/tasks.repository.ts';
import { createCaptionsRepository } from './videos/captions.repository.ts';
import { createFoldersRepository } from './videos/folders.repository.ts';
import { createHepRequestsRepository } from './videos/hep-requests.repository.ts';
import { createVideoUsageRepository } from './videos/video-usage.repository.ts';
import { createVideosRepository } from './videos/videos.repository.ts';
import { createVisitsRepository } from './visits/visits.repository.ts';

/** The repositories of clinic data, each built with the data access's scope and narrowing every query by it. */
const scoped = {
  auditLog: createAuditLogRepository,
  banners: createBannersRepository,
  billingFiles: createBillingFilesRepository,
  billingInputs: createBillingInputsRepository,
  billingMonth: createBillingMonthRepository,
  billingRates: createBillingRatesRepository,
  billingSettings: createBillingSettingsRepository,
  billingSignOff: createBillingSignOffRepository,
  captions: createCaptionsRepository,
  chat: createChatRepository,
  clinicianTime: createClinicianTimeRepository,
  clinics: createClinicsRepository,
  contactStatus: createContactStatusRepository,
  dashboard: createDashboardRepository,
  exerciseLogs: createExerciseLogsRepository,
  fhir: createFhirRepository,
  fhirExports: createFhirExportsRepository,
  folders: createFoldersRepository,
  functionalData: createFunctionalDataRepository,
  hep: createHepRepository,
  hepRequests: createHepRequestsRepository,
  interactions: createInteractionsRepository,
  measureAssignments: createMeasureAssignmentsRepository,
  monitoring: createMonitoringRepository,
  passwordResets: createPasswordResetsRepository,
  patientApp: createPatientAppRepository,
  patients: createPatientsRepository,
  programTemplates: createProgramTemplatesRepository,
  pushSubscriptions: createPushSubscriptionsRepository,
  referral: createReferralRepository,
  reminderDeliveries: createReminderDeliveriesRepository,
  reminderSchedules: createReminderSchedulesRepository,
  rtmStatus: createRtmStatusRepository,
  sessions: createSessionsRepository,
  staffNotices: createStaffNoticesRepository,
  tasks: createTasksRepository,
  users: createUsersRepository,
  videoUsage: createVideoUsageRepository,
  videos: createVideosRepository,
  visits: createVisitsRepository,
} satisfies Record<string, (db: DbOrTx, scope: ClinicScope) => object>;

/**
 * The repositories that run their own transactions (a read audited in the same transaction as it is read): they are
 * reached outside a transaction only.
 */
const scopedOutsideTransactions = {
  hepProgram: createHepProgramRepository,
  patientRecord: createPatientRecordRepository,
  progress: createProgressRepository,
} satisfies Record<string, (db: Db, scope: ClinicScope) => object>;

/** The repositories that hold no clinic's rows (decision 1340 names why each): built with the connection alone. */
const unscoped = {
  announcements: createAnnouncementsRepository,
  icd10: createIcd10Repository,
  lockout: createLockoutRepository,
  otp: createOtpRepository,
  settings: createSettingsRepository,
} satisfies Record<string, (db: DbOrTx) => object>;

type Built<Factories> = {
  readonly [K in keyof Factories]: Factories[K] extends (...args: never[]) => infer R ? R : never;
};

/** The data access inside a transaction: every repository on the transaction, with the scope it was opened with. */
export type TxData = Built<typeof scoped> &
  Built<typeof unscoped> & {
    /** What every repository reaches. */
    readonly scope: ClinicScope;
    /** The connection, for what records beside the repositories (the audit trail, the outbox) in the same transaction. */
    readonly db: DbOrTx;
    /** The same repositories, inside a transaction (a savepoint when already in one): all of the work, or none. */
    transaction<T>(work: (data: TxData) => Promise<T>): Promise<T>;
    /**
     * The repositories of another scope on the same connection: a patient's own clinic for an admin's change
     * (`patientScope`), a named cross-clinic purpose, or a clinic narrowed from this scope.
     */
    within(scope: ClinicScope): TxData;
  };

/** A call's data access (decision 1345): its repositories built once, each on first use, all with one scope. */
export type Data = Omit<TxData, 'within'> &
  Built<typeof scopedOutsideTransactions> & {
    within(scope: ClinicScope): Data;
  };

/** Defines each repository as a property built on first use, then kept for the rest of the call. */
function defineLazily(
  target: object,
  factories: Record<string, (...args: never[]) => object>,
  build: (factory: never) => object,
) {
  for (const [name, factory] of Object.entries(factories)) {
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: true,
      get() {
        const repository = build(factory as never);
        Object.defineProperty(target, name, { value: repository, enumerable: true });
        return repository;
      },
    });
  }
}

function build(db: DbOrTx, scope: ClinicScope, inTransaction: boolean): Data {
  const data = {
    scope,
    db,
    transaction: <T>(work: (data: TxData) => Promise<T>) => db.transaction((tx) => work(build(tx, scope, true))),
    within: (other: ClinicScope) => build(db, other, inTransaction),
  };
  defineLazily(data, scoped, (factory: (db: DbOrTx, scope: ClinicScope) => object) => factory(db, scope));
  defineLazily(data, unscoped, (factory: (db: DbOrTx) => object) => factory(db));
  // Outside a transaction the connection is the database itself; inside one these repositories are not offered.
  if (!inTransaction) {
    defineLazily(data, scopedOutsideTransactions, (factory: (db: Db, scope: ClinicScope) => object) =>
      factory(db as Db, scope),
    );
  }
  return data as unknown as Data;
}

/**
 * The data access of work done with one scope: a request's (`dataOf`), or a job's or the command line's, which name
 * their cross-clinic purpose. Services reach the database only through it: no service builds a repository.
 */
export const dataFor = (db: Db, scope: ClinicScope): Data => build(db, scope, false);

/** A signed-in caller of an endpoint: who they are, and the data access built for them once for the call. */
export type Caller = Actor & { readonly data: Data };

/** The caller of one call, their data access narrowed to what their role reaches (`scopeOf`). */
export const callerOf = (db: Db, actor: Actor): Caller => ({ ...actor, data: dataFor(db, scopeOf(actor)) });
