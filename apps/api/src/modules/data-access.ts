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

type Factory = (...args: never[]) => object;

/**
 * Each repository as a getter on the prototype, built on first use and then kept on the call's own data access: a
 * request builds only the repositories it reaches, and its data access is one small object (decision 1465).
 */
function defineLazily(
  prototype: object,
  factories: Record<string, Factory>,
  build: (access: Access, factory: never) => object,
) {
  for (const [name, factory] of Object.entries(factories)) {
    Object.defineProperty(prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: Access) {
        const repository = build(this, factory as never);
        Object.defineProperty(this, name, { value: repository, enumerable: true });
        return repository;
      },
    });
  }
}

/** A data access on one connection with one scope; its repositories are the getters `defineLazily` puts on its kind. */
class Access {
  constructor(
    readonly db: DbOrTx,
    readonly scope: ClinicScope,
  ) {}

  transaction<T>(work: (data: TxData) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new InTransaction(tx, this.scope) as unknown as TxData));
  }

  within(other: ClinicScope): Access {
    return new (this.constructor as typeof Access)(this.db, other);
  }
}

/** Inside a transaction: the repositories that run their own transactions are not offered. */
class InTransaction extends Access {}
/** Outside a transaction the connection is the database itself. */
class OutsideTransactions extends Access {}

for (const kind of [InTransaction, OutsideTransactions]) {
  defineLazily(kind.prototype, scoped, (access, factory: (db: DbOrTx, scope: ClinicScope) => object) =>
    factory(access.db, access.scope),
  );
  defineLazily(kind.prototype, unscoped, (access, factory: (db: DbOrTx) => object) => factory(access.db));
}
defineLazily(
  OutsideTransactions.prototype,
  scopedOutsideTransactions,
  (access, factory: (db: Db, scope: ClinicScope) => object) => factory(access.db as Db, access.scope),
);

/**
 * The data access of work done with one scope: a request's (`dataOf`), or a job's or the command line's, which name
 * their cross-clinic purpose. Services reach the database only through it: no service builds a repository.
 */
export const dataFor = (db: Db, scope: ClinicScope): Data => new OutsideTransactions(db, scope) as unknown as Data;

/** A signed-in caller of an endpoint: who they are, and the data access built for them once for the call. */
export type Caller = Actor & { readonly data: Data };

/** The caller of one call, their data access narrowed to what their role reaches (`scopeOf`). */
export const callerOf = (db: Db, actor: Actor): Caller => ({ ...actor, data: dataFor(db, scopeOf(actor)) });
