/**
 * Clinic scoping, repository by repository: every method of every repository (found by reading the API's source
 * folder, modules and shared layers alike, so a new repository or method is never missed) is either asked, scoped to clinic A, for clinic B's rows
 * and shown to answer none of them, or says here why no call can reach another clinic's rows through it. Adding a
 * method without deciding which fails the completeness test, naming the method.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  folderListQuerySchema,
  patientListQuerySchema,
  roles,
  VIDEO_DEFAULTS,
  videoListQuerySchema,
} from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { functionalEntries } from '../src/db/schema.ts';
import { type Actor, type ClinicScope, clinicScope } from '../src/db/scope.ts';
import { createAuditRepository } from '../src/lib/audit.repository.ts';
import { createOutboxRepository } from '../src/lib/outbox.repository.ts';
import { createAnnouncementsRepository } from '../src/modules/admin/announcements.repository.ts';
import { createAuditLogRepository } from '../src/modules/admin/audit-log.repository.ts';
import { createLockoutRepository } from '../src/modules/auth/lockout.repository.ts';
import { createPasswordResetsRepository } from '../src/modules/auth/password-resets.repository.ts';
import { createSessionsRepository } from '../src/modules/auth/sessions.repository.ts';
import { createUsersRepository } from '../src/modules/auth/users.repository.ts';
import { createBannersRepository } from '../src/modules/banners/banners.repository.ts';
import { createBillingFilesRepository } from '../src/modules/billing/billing-files.repository.ts';
import { createBillingInputsRepository } from '../src/modules/billing/billing-inputs.repository.ts';
import { createBillingMonthRepository } from '../src/modules/billing/billing-month.repository.ts';
import { createBillingRatesRepository } from '../src/modules/billing/billing-rates.repository.ts';
import { createBillingSettingsRepository } from '../src/modules/billing/billing-settings.repository.ts';
import { createBillingSignOffRepository } from '../src/modules/billing/billing-sign-off.repository.ts';
import { createRtmStatusRepository } from '../src/modules/billing/rtm-status.repository.ts';
import { createChatRepository } from '../src/modules/chat/chat.repository.ts';
import { createClinicsRepository } from '../src/modules/clinics/clinics.repository.ts';
import { createSettingsRepository } from '../src/modules/clinics/settings.repository.ts';
import { createDashboardRepository } from '../src/modules/dashboard/dashboard.repository.ts';
import { createExerciseLogsRepository } from '../src/modules/hep/exercise-logs.repository.ts';
import { createHepRepository } from '../src/modules/hep/hep.repository.ts';
import { createHepProgramRepository } from '../src/modules/hep/hep-program.repository.ts';
import { createMonitoringRepository } from '../src/modules/monitoring/monitoring.repository.ts';
import { createPatientAppRepository } from '../src/modules/patient-app/patient-app.repository.ts';
import { createFunctionalDataRepository } from '../src/modules/patient-data/functional-data.repository.ts';
import { createProgressRepository } from '../src/modules/patient-data/progress.repository.ts';
import { createClinicianTimeRepository } from '../src/modules/patients/clinician-time.repository.ts';
import { createInteractionsRepository } from '../src/modules/patients/interactions.repository.ts';
import { createOtpRepository } from '../src/modules/patients/otp.repository.ts';
import { createPatientRecordRepository } from '../src/modules/patients/patient-record.repository.ts';
import { createPatientsRepository } from '../src/modules/patients/patients.repository.ts';
import { createReferralRepository } from '../src/modules/referral/referral.repository.ts';
import { createTasksRepository } from '../src/modules/tasks/tasks.repository.ts';
import { createFoldersRepository } from '../src/modules/videos/folders.repository.ts';
import { createHepRequestsRepository } from '../src/modules/videos/hep-requests.repository.ts';
import { createVideoUsageRepository } from '../src/modules/videos/video-usage.repository.ts';
import { createVideosRepository } from '../src/modules/videos/videos.repository.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { makeClinicWithSupervisor, makeUser } from './factories.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const modulesDir = path.join(srcDir, 'modules');

// ---------------------------------------------------------------------------------------------------------------
// The decisions: one entry per method.

/**
 * What a method does about clinics: `cross-clinic` is asked, scoped to clinic A, for clinic B's rows, and asserts
 * that none come back; the others say why no call reaches another clinic's rows.
 */
type Entry<R> = { kind: 'cross-clinic'; run: (repo: R) => Promise<void> } | Decision;

/** Why a method is not asked across clinics. */
type Decision =
  /** Takes ids without a scope: every caller checks them first with `check` (found in `file` under src/modules). */
  | { kind: 'guarded'; checks: { check: string; file: string }[] }
  /** Reaches only the caller's own rows (their session, account, reset link). */
  | { kind: 'own'; why: string }
  /** Finds rows by what the caller names in any clinic, on purpose (sign-in, the video host, the admins' queue). */
  | { kind: 'by design'; why: string }
  /** Holds no clinic's data. */
  | { kind: 'not clinic data'; why: string }
  /** Only writes, into the clinic the caller is checked to be in. */
  | { kind: 'writes only'; why: string };

const crossClinic = <R>(run: (repo: R) => Promise<void>): Entry<R> => ({ kind: 'cross-clinic', run });
const guarded = (...pairs: [check: string, file: string][]): Decision => ({
  kind: 'guarded',
  checks: pairs.map(([check, file]) => ({ check, file })),
});
const own = (why: string): Decision => ({ kind: 'own', why });
const byDesign = (why: string): Decision => ({ kind: 'by design', why });
const notClinicData = (why: string): Decision => ({ kind: 'not clinic data', why });
const writesOnly = (why: string): Decision => ({ kind: 'writes only', why });

/** A repository's entries: the compiler also insists on one entry per method, and no entry for a missing one. */
const cover = <R extends object>(
  factory: (db: Db) => R,
  methods: NoInfer<{ [K in keyof R]-?: Entry<R> }>,
): { factory: (db: Db) => object; methods: Record<string, Entry<R>> } => ({ factory, methods });

// The two clinics' rows, seeded before the tests run.
type Seeded = Awaited<ReturnType<typeof seedClinic>>;
let a: Seeded;
let b: Seeded;
let globalVideoId: number;
const scopeA = (): ClinicScope => clinicScope(a.clinicId);

const requirePatient = (file: string): [string, string] => ['requirePatient', file];
const findOwnPatient = (file: string): [string, string] => ['findOwnPatient', file];
const findPatient: [string, string] = ['findPatient', 'patients/patients.service.ts'];
const accessibleSession: [string, string] = ['accessibleSession', 'chat/chat.service.ts'];
const findManageable: [string, string] = ['findManageable', 'supervisor/supervisor.service.ts'];
const loadFolders: [string, string] = ['load', 'videos/folders.service.ts'];
// Repositories whose every method is reached only behind the same service's patient check.
const functionalDataGuard = guarded(requirePatient('patient-data/functional-data.service.ts'));
const progressGuard = guarded(requirePatient('patient-data/patient-data.service.ts'));
const patientAppGuard = guarded(findOwnPatient('patient-app/patient-app.service.ts'));
const billingFilesClinic: [string, string] = ['billingClinicOf', 'billing/billing-files.service.ts'];
// A sign-off is read and written for the clinic the caller may bill for, as the month's file is.
const signOffClinic: [string, string] = ['billingClinicOf', 'billing/billing-sign-off.service.ts'];
// Billing reads the clinic the caller may bill for: their own, or the one an admin names.
const billingClinic: [string, string] = ['billingClinicOf', 'billing/billing.service.ts'];
/** A day's span of clinic A's billing rows, optionally of some patients. */
const billingSpan = (patientIds?: number[]) => ({
  clinicId: a.clinicId,
  patientIds,
  from: new Date('2026-03-01T00:00:00Z'),
  to: new Date('2026-03-04T00:00:00Z'),
  fromDay: DAY,
  toDay: '2026-03-03',
});
const settingsClinic: [string, string] = ['billingClinicOf', 'billing/billing-settings.service.ts'];
const videoCatalog = byDesign('the video host by its file id: the signed upload is the access (createVideoCatalog)');

const repositories = {
  audit: cover(createAuditRepository, {
    insert: writesOnly('audit rows, appended; each names the clinic its event belongs to (lib/audit.ts)'),
    insertMany: writesOnly('audit rows, appended; each names the clinic its event belongs to (lib/audit.ts)'),
  }),
  outbox: cover(createOutboxRepository, {
    insert: writesOnly('a message to one recipient, written before it is delivered'),
    markSent: own('the message just written by the same send, by its id'),
    markFailed: own('the message just written by the same send, by its id'),
    latest: byDesign('the demo outbox page: the server’s own machine or a platform admin (decision 0500)'),
  }),
  lockout: cover(createLockoutRepository, {
    failuresSince: notClinicData('sign-in failures by account key, counted before any clinic is known'),
    clientFailuresSince: notClinicData('sign-in failures by address, to any account'),
    isFamiliar: notClinicData('the addresses an account key signed in from'),
    recordFailure: notClinicData('sign-in failures by account key'),
    succeeded: notClinicData('sign-in failures and addresses by account key'),
    clear: notClinicData('sign-in failures by account key'),
  }),
  passwordResets: cover(createPasswordResetsRepository, {
    create: writesOnly('a reset link for the account that asked'),
    findUsable: own('by user id and token hash: the reset link’s own account'),
    markAllUsed: own('the account whose reset link was just used'),
  }),
  sessions: cover(createSessionsRepository, {
    create: writesOnly('opened at sign-in for the account signing in'),
    findLive: own('by token hash: the session’s own'),
    findLiveByIds: own('the sessions of the server’s own open sockets (sessions.service sessionEnds)'),
    touchMany: own('the sessions of the server’s own open sockets'),
    touch: own('the request’s own session'),
    revoke: own('the request’s own session (sign-out)'),
    revokeAllForUser: guarded(findManageable, ['findManyByIds', 'supervisor/supervisor.service.ts'], findPatient, [
      'findUsable',
      'auth/password-reset.service.ts',
    ]),
  }),
  users: cover(createUsersRepository, {
    findByEmail: byDesign('by e-mail: sign-in, sign-up and password reset name the account themselves'),
    findById: crossClinic(async (r) => {
      expect(await r.findById(b.therapistId, scopeA())).toBeUndefined();
      expect(await r.findById(b.supervisorId, scopeA())).toBeUndefined();
      expect((await r.findById(a.therapistId, scopeA()))?.id).toBe(a.therapistId);
    }),
    findManyByIds: crossClinic(async (r) => {
      const rows = await r.findManyByIds([b.therapistId, b.supervisorId, b.patientUserId, a.therapistId], scopeA());
      expect(rows.map((u) => u.id)).toEqual([a.therapistId]);
    }),
    listStaff: crossClinic(async (r) => {
      const query = { roles: [...roles], page: 1, pageSize: 100 };
      const all = await r.listStaff(scopeA(), query);
      expect(all.rows.map((u) => u.clinicId)).toEqual(all.rows.map(() => a.clinicId));
      expect(all.rows.map((u) => u.id)).toContain(a.therapistId);
      expect(all.count).toBe(all.rows.length);
      expect(await r.listStaff(scopeA(), { ...query, search: b.therapistEmail })).toEqual({ rows: [], count: 0 });
    }),
    insertUnlessTaken: writesOnly('a new account, in the clinic of the patient it signs in for'),
    insert: writesOnly('a new account, in the clinic named at sign-up or by a checked caller'),
    update: guarded(findManageable, ['findUsable', 'auth/password-reset.service.ts']),
    updateMany: guarded(['findManyByIds', 'supervisor/supervisor.service.ts']),
  }),
  billingInputs: cover(createBillingInputsRepository, {
    timezoneOf: guarded(billingClinic),
    episodesIn: crossClinic(async (r) => {
      const mine = await r.episodesIn(billingSpan());
      expect(mine.map((row) => row.patientId)).toEqual([a.patientId]);
      expect(await r.episodesIn(billingSpan([b.patientId]))).toEqual([]);
    }),
    exerciseDays: crossClinic(async (r) => {
      expect((await r.exerciseDays(billingSpan(), DAY)).map((row) => row.patientId)).toEqual([a.patientId]);
      expect(await r.exerciseDays(billingSpan([b.patientId]), DAY)).toEqual([]);
    }),
    metricDays: crossClinic(async (r) => {
      // The steps reading and the exercise's pain rating: two kinds of the same day.
      expect(new Set((await r.metricDays(billingSpan(), DAY)).map((row) => row.patientId))).toEqual(
        new Set([a.patientId]),
      );
      expect(await r.metricDays(billingSpan([b.patientId]), DAY)).toEqual([]);
    }),
    outcomeDays: crossClinic(async (r) => {
      expect((await r.outcomeDays(billingSpan(), DAY)).map((row) => row.patientId)).toEqual([a.patientId]);
      expect(await r.outcomeDays(billingSpan([b.patientId]), DAY)).toEqual([]);
    }),
    dataDaysFrom: crossClinic(async (r) => {
      const from = (patientId: number) => [{ patientId, day: '2026-03-01' }];
      // The exercise, its pain rating, the steps and the outcome entry: one data day.
      expect(await r.dataDaysFrom(a.clinicId, 'UTC', from(a.patientId), '2026-03-03')).toMatchObject([
        { patientId: a.patientId },
      ]);
      expect(await r.dataDaysFrom(a.clinicId, 'UTC', from(b.patientId), '2026-03-03')).toEqual([]);
    }),
    sessionsIn: crossClinic(async (r) => {
      expect((await r.sessionsIn(billingSpan())).map((row) => row.patientId)).toEqual([a.patientId]);
      expect(await r.sessionsIn(billingSpan([b.patientId]))).toEqual([]);
    }),
    callsIn: crossClinic(async (r) => {
      expect((await r.callsIn(billingSpan())).map((row) => row.patientId)).toEqual([a.patientId]);
      expect(await r.callsIn(billingSpan([b.patientId]))).toEqual([]);
    }),
  }),
  billingMonth: cover(createBillingMonthRepository, {
    clinicOf: guarded(billingClinic),
    peopleOf: crossClinic(async (r) => {
      const { patientsById, staffById } = await r.peopleOf(a.clinicId, [a.patientId, b.patientId], [b.therapistId]);
      expect([...patientsById.keys()]).toEqual([a.patientId]);
      expect(staffById.size).toBe(0);
    }),
  }),
  billingRates: cover(createBillingRatesRepository, {
    ownRates: guarded(billingClinic, settingsClinic),
  }),
  billingSettings: cover(createBillingSettingsRepository, {
    lockClinic: guarded(settingsClinic),
    setClinicValues: guarded(settingsClinic),
    renderingStaff: crossClinic(async (r) => {
      expect((await r.renderingStaff(a.clinicId)).map((u) => u.id).sort()).toEqual(
        [a.therapistId, a.supervisorId].sort(),
      );
    }),
    accountsOfClinic: crossClinic(async (r) => {
      const rows = await r.accountsOfClinic(a.clinicId, [b.therapistId, b.supervisorId, a.therapistId]);
      expect(rows.map((u) => u.id)).toEqual([a.therapistId]);
    }),
    updateStaff: guarded(settingsClinic, ['accountsOfClinic', 'billing/billing-settings.service.ts']),
    upsertRates: guarded(settingsClinic),
  }),
  chat: cover(createChatRepository, {
    findSession: guarded(['canAccess', 'chat/chat.service.ts']),
    saveMessages: guarded(accessibleSession),
    listSessions: crossClinic(async (r) => {
      const { rows, count } = await r.listSessions({ patientsOfClinic: a.clinicId }, a.therapistId, 1, 100);
      expect(rows.map((row) => row.session.clinicId)).toEqual(rows.map(() => a.clinicId));
      expect(rows.map((row) => row.session.id)).toEqual([a.patientChatId]);
      expect(rows.map((row) => row.lastMessage?.sessionId)).toEqual([a.patientChatId]);
      expect(count).toBe(1);
    }),
    sessionIds: crossClinic(async (r) => {
      const ids = await r.sessionIds([{ patientsOfClinic: a.clinicId }, { supportOf: a.therapistId }]);
      expect(ids.sort((x, y) => x - y)).toEqual([a.patientChatId, a.supportChatId]);
    }),
    insertSession: writesOnly('a conversation of a checked patient (findById in the caller’s clinic) or of the caller'),
    findPatientSession: guarded(
      ['findById', 'chat/chat.service.ts'],
      findOwnPatient('patient-app/patient-app.service.ts'),
    ),
    findSupportSession: own('by staff user id: the caller’s own support conversation'),
    listMessages: guarded(accessibleSession),
    findByClientId: guarded(accessibleSession),
    messagesAfter: guarded(['readableSessionIds', 'chat/chat.service.ts']),
    markRead: guarded(accessibleSession),
  }),
  clinics: cover(createClinicsRepository, {
    findByCode: byDesign('by code: sign-in, sign-up and the public code check name the clinic themselves'),
    findByCodeInScope: crossClinic(async (r) => {
      expect(await r.findByCodeInScope(b.clinicCode, scopeA())).toBeUndefined();
      expect((await r.findByCodeInScope(a.clinicCode, scopeA()))?.id).toBe(a.clinicId);
    }),
    insert: writesOnly('a new clinic, from the command line or by a platform admin'),
    setSupervisor: guarded(findManageable, ['insert', 'admin/platform-clinics.service.ts']),
    lockByCodeInScope: crossClinic(async (r) => {
      expect(await r.lockByCodeInScope(b.clinicCode, scopeA())).toBeUndefined();
      expect((await r.lockByCodeInScope(a.clinicCode, scopeA()))?.id).toBe(a.clinicId);
    }),
    updateDetails: guarded(['lockByCodeInScope', 'clinics/clinic-settings.service.ts']),
    overviews: crossClinic(async (r) => {
      const { rows, count } = await r.overviews(scopeA(), { page: 1, pageSize: 100 });
      expect(rows.map((row) => row.id)).toEqual([a.clinicId]);
      expect(count).toBe(1);
    }),
    names: crossClinic(async (r) => {
      const { rows, count } = await r.names(scopeA(), { page: 1, pageSize: 100 });
      expect(rows.map((row) => row.code)).toEqual([a.clinicCode]);
      expect(count).toBe(1);
    }),
    overviewByCode: crossClinic(async (r) => {
      expect(await r.overviewByCode(b.clinicCode, scopeA())).toBeUndefined();
      expect((await r.overviewByCode(a.clinicCode, scopeA()))?.patientsCount).toBe(1);
    }),
  }),
  auditLog: cover(createAuditLogRepository, {
    // The filter's clinic is the caller's own for a supervisor, and ids in it are checked first (resolve).
    page: guarded(['resolve', 'admin/audit-log.service.ts']),
    newest: guarded(['resolve', 'admin/audit-log.service.ts']),
    count: guarded(['resolve', 'admin/audit-log.service.ts']),
    patientsIn: crossClinic(async (r) => {
      expect(await r.patientsIn([a.patientId, b.patientId], scopeA())).toEqual([
        { id: a.patientId, clinicId: a.clinicId },
      ]);
    }),
    hasUser: crossClinic(async (r) => {
      expect(await r.hasUser(b.therapistId, scopeA())).toBe(false);
      expect(await r.hasUser(a.therapistId, scopeA())).toBe(true);
    }),
  }),
  settings: cover(createSettingsRepository, {
    get: notClinicData('platform-wide settings'),
    set: notClinicData('platform-wide settings'),
  }),
  announcements: cover(createAnnouncementsRepository, {
    holdNote: notClinicData('a lock on the platform-wide note'),
    note: notClinicData('the platform-wide note'),
    setNote: notClinicData('the platform-wide note'),
    clearNote: notClinicData('the platform-wide note'),
    turnOnStaffNotices: byDesign('a new platform note is for every clinic’s staff: admins only'),
  }),
  exerciseLogs: cover(createExerciseLogsRepository, {
    findByClientId: guarded(findOwnPatient('hep/patient-program.service.ts')),
    lockByClientId: guarded(findOwnPatient('hep/patient-program.service.ts')),
    // The id is the one lockByClientId read for the signed-in patient.
    update: guarded(findOwnPatient('hep/patient-program.service.ts')),
    insertOnce: guarded(findOwnPatient('hep/patient-program.service.ts'), [
      'findInScope',
      'hep/patient-program.service.ts',
    ]),
    recordPain: guarded(findOwnPatient('hep/patient-program.service.ts')),
    todayPerItem: guarded(findOwnPatient('hep/patient-program.service.ts')),
    streak: guarded(
      findOwnPatient('hep/patient-program.service.ts'),
      requirePatient('patient-data/patient-data.service.ts'),
      findOwnPatient('patient-app/patient-app.service.ts'),
    ),
    latestPainOn: guarded(findOwnPatient('hep/patient-program.service.ts')),
  }),
  hep: cover(createHepRepository, {
    listActive: guarded(requirePatient('hep/hep.service.ts'), findOwnPatient('hep/patient-program.service.ts')),
    findInScope: crossClinic(async (r) => {
      const rows = await r.findInScope([b.hepItemId, a.hepItemId], scopeA());
      expect(rows.map((row) => row.id)).toEqual([a.hepItemId]);
    }),
    countActive: guarded(requirePatient('hep/hep.service.ts')),
    lastChange: guarded(requirePatient('hep/hep.service.ts'), findOwnPatient('hep/patient-program.service.ts')),
    insert: guarded(requirePatient('hep/hep.service.ts'), ['findCandidateVideos', 'hep/hep.service.ts']),
    update: guarded(['activeItemsOf', 'hep/hep.service.ts']),
    softDelete: guarded(['activeItemsOf', 'hep/hep.service.ts']),
    restore: guarded(['findInScope', 'hep/hep.service.ts'], requirePatient('hep/hep.service.ts')),
    setPositions: guarded(['findInScope', 'hep/hep.service.ts'], requirePatient('hep/hep.service.ts')),
    findCandidateVideos: crossClinic(async (r) => {
      expect(await r.findCandidateVideos([b.videoId], a.clinicId)).toEqual([]);
      expect((await r.findCandidateVideos([a.videoId, b.videoId], a.clinicId)).map((v) => v.id)).toEqual([a.videoId]);
    }),
    findFolders: crossClinic(async (r) => {
      expect(await r.findFolders(a.actor, [b.folderId], a.clinicId)).toEqual([]);
      // Even a folder the actor sees (their own) is refused for another clinic's patient.
      expect(await r.findFolders(a.actor, [a.folderId], b.clinicId)).toEqual([]);
    }),
    folderVideos: crossClinic(async (r) => {
      // Both folders hold their clinic's video and the same global one: only the global one is usable elsewhere.
      expect((await r.folderVideos(b.folderId, a.clinicId)).map((v) => v.id)).toEqual([globalVideoId]);
      expect((await r.folderVideos(a.folderId, b.clinicId)).map((v) => v.id)).toEqual([globalVideoId]);
    }),
  }),
  patientApp: cover(createPatientAppRepository, {
    findPatientByPhone: byDesign('by a verified phone: the phone sign-in finds its patient in whichever clinic'),
    findPatientIdOfUser: own('by the user id of the account signing in'),
    linkUser: own('links the patient found by the verified phone to its own new account'),
    findLinkedUserId: own('the account of the patient found by the verified phone'),
    profile: patientAppGuard,
    insertReadings: patientAppGuard,
  }),
  functionalData: cover(createFunctionalDataRepository, {
    seriesOf: functionalDataGuard,
    findSeries: functionalDataGuard,
    findSeriesByName: functionalDataGuard,
    insertSeries: functionalDataGuard,
    updateSeries: functionalDataGuard,
    entriesOf: functionalDataGuard,
    insertEntries: functionalDataGuard,
    updateEntry: functionalDataGuard,
  }),
  progress: cover(createProgressRepository, {
    weekData: progressGuard,
    historySpan: progressGuard,
  }),
  interactions: cover(createInteractionsRepository, {
    list: guarded(findPatient),
    findLive: guarded(findPatient),
    insert: guarded(findPatient),
    softDelete: guarded(findPatient),
  }),
  clinicianTime: cover(createClinicianTimeRepository, {
    lockClinician: own('the caller’s own user row, held while their new call is checked'),
    firstOverlap: own('by user id: the caller’s own calls, in any clinic, only to refuse an overlap'),
    callCalendarOf: guarded(findPatient),
  }),
  otp: cover(createOtpRepository, {
    lockPhone: notClinicData('phone codes by phone number, before any patient is known'),
    sendsSince: notClinicData('phone codes by phone number'),
    create: notClinicData('phone codes by phone number'),
    findPending: notClinicData('phone codes by phone number'),
    findByVerificationToken: notClinicData('phone codes by verification token'),
    update: notClinicData('phone codes by id, found by phone or token'),
    failuresSince: notClinicData('wrong phone codes by phone number'),
    recordFailure: notClinicData('wrong phone codes by phone number'),
  }),
  hepProgram: cover(createHepProgramRepository, {
    readAudited: crossClinic(async (r) => {
      const read = { clinicId: a.clinicId, actorUserId: a.therapistId, ip: null };
      expect(await r.readAudited({ ...read, patientId: b.patientId })).toBeUndefined();
      expect(await r.readAudited({ ...read, patientId: a.patientId })).toBeDefined();
    }),
  }),
  patientRecord: cover(createPatientRecordRepository, {
    readAudited: crossClinic(async (r) => {
      const read = { clinicId: a.clinicId, actorUserId: a.therapistId, ip: null, now: new Date() };
      expect(await r.readAudited({ ...read, id: b.patientId })).toBeUndefined();
      expect((await r.readAudited({ ...read, id: a.patientId }))?.row.id).toBe(a.patientId);
    }),
  }),
  patients: cover(createPatientsRepository, {
    list: crossClinic(async (r) => {
      const everyone = await r.list(scopeA(), patientListQuerySchema.parse({ page_size: 100 }), new Date());
      expect(everyone.rows.map((p) => p.clinicId)).toEqual(everyone.rows.map(() => a.clinicId));
      expect(everyone.rows.map((p) => p.id)).toEqual([a.patientId]);
      // Both patients share the name; the search finds only clinic A's.
      const byName = await r.list(scopeA(), patientListQuerySchema.parse({ search: SHARED_NAME }), new Date());
      expect(byName.rows.map((p) => p.id)).toEqual([a.patientId]);
      const byTherapist = patientListQuerySchema.parse({ therapist_id: b.therapistId });
      expect(await r.list(scopeA(), byTherapist, new Date())).toMatchObject({ rows: [], count: 0 });
      // The call and chat filters keep to the scope too: in April, both patients lack a call and a message of theirs.
      const quiet = patientListQuerySchema.parse({ call: 'needed', chat: 'outdated' });
      expect((await r.list(scopeA(), quiet, new Date('2026-04-10T15:00:00Z'))).rows.map((p) => p.id)).toEqual([
        a.patientId,
      ]);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(b.patientId, scopeA())).toBeUndefined();
      expect((await r.findById(a.patientId, scopeA()))?.id).toBe(a.patientId);
    }),
    findWithClinicDay: crossClinic(async (r) => {
      expect(await r.findWithClinicDay(b.patientId, scopeA())).toBeUndefined();
      expect((await r.findWithClinicDay(a.patientId, scopeA()))?.id).toBe(a.patientId);
    }),
    findOwn: crossClinic(async (r) => {
      expect(await r.findOwn({ id: b.patientUserId, clinicId: a.clinicId })).toBeUndefined();
      expect((await r.findOwn({ id: a.patientUserId, clinicId: a.clinicId }))?.id).toBe(a.patientId);
    }),
    lock: guarded(
      requirePatient('hep/hep.service.ts'),
      requirePatient('patient-data/functional-data.service.ts'),
      requirePatient('monitoring/monitoring.service.ts'),
    ),
    findManyByIds: crossClinic(async (r) => {
      const rows = await r.findManyByIds([b.patientId, a.patientId], scopeA());
      expect(rows.map((p) => p.id)).toEqual([a.patientId]);
    }),
    insert: writesOnly('a new patient, in the staff caller’s clinic or the clinic named by a verified registration'),
    update: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
    openEpisode: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
    closeOpenEpisode: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
    setOpenEpisodeTherapist: guarded(findPatient),
    recordEvent: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
  }),
  billingFiles: cover(createBillingFilesRepository, {
    lockMonth: byDesign('holds a month of the clinic billingClinicOf checked: it reads and writes no rows'),
    newest: guarded(billingFilesClinic),
    newestWithContent: guarded(billingFilesClinic),
    insert: writesOnly('a file of the clinic billingClinicOf checked, or of the clinic the month-close job closes'),
    closeMonth: writesOnly('the month of the clinic billingClinicOf checked, or of the month-close job'),
    setClosedMonthFile: writesOnly('the month just closed or filed anew, with the file made for it and its figures'),
    raiseBadge: writesOnly('the badge of the staff of the clinic whose file was just stored'),
    timezoneOf: byDesign('the month-close job: it works for every clinic, and has no caller'),
    clinicsWithLastClose: byDesign('the month-close job: it works for every clinic, and has no caller'),
  }),
  billingSignOff: cover(createBillingSignOffRepository, {
    // Through filed-month.ts too: the billing screen's and the sign-off's clinic, or the patient's for monitoring.
    find: guarded(
      signOffClinic,
      billingFilesClinic,
      billingClinic,
      requirePatient('monitoring/monthly-report.service.ts'),
    ),
    frozenCodesOf: guarded(billingClinic),
    closeOf: guarded(signOffClinic, billingClinic, requirePatient('monitoring/monthly-report.service.ts')),
    insert: writesOnly('the sign-off of the clinic billingClinicOf checked, by its supervisor'),
    fileName: byDesign('the files a sign-off of the checked clinic names, by their ids on that sign-off'),
    staffName: own('the name of the supervisor who signs, the caller themself'),
    callsChangedSince: guarded(signOffClinic),
    ratesChangedSince: guarded(signOffClinic),
  }),
  tasks: cover(createTasksRepository, {
    list: crossClinic(async (r) => {
      const page = { status: 'new' as const, page: 1, pageSize: 100 };
      const { rows, count } = await r.list({ clinicId: a.clinicId }, page);
      expect(rows.map((t) => t.id).sort()).toEqual([a.taskId, a.ruleTaskId].sort());
      expect(count).toBe(2);
      expect(await r.list({ clinicId: a.clinicId }, { ...page, patientId: b.patientId })).toEqual({
        rows: [],
        count: 0,
      });
    }),
    countOf: crossClinic(async (r) => {
      expect(await r.countOf({ clinicId: a.clinicId }, 'new')).toBe(2);
      expect(await r.countOf({ clinicId: a.clinicId }, 'done')).toBe(0);
    }),
    findInReach: crossClinic(async (r) => {
      expect(await r.findInReach(b.taskId, { clinicId: a.clinicId })).toBeUndefined();
      expect((await r.findInReach(a.taskId, { clinicId: a.clinicId }))?.id).toBe(a.taskId);
    }),
    markDone: guarded(['findTask', 'tasks/tasks.service.ts']),
    reopen: guarded(['findTask', 'tasks/tasks.service.ts']),
    insert: writesOnly('a task in the caller’s clinic, for a colleague and a patient found in it'),
    openByRule: writesOnly('a rule’s task of the clinic being evaluated, about its own patients and staff'),
    openRuleTasks: crossClinic(async (r) => {
      expect((await r.openRuleTasks(a.clinicId, ['no_data'], {})).map((t) => t.id)).toEqual([a.ruleTaskId]);
      expect(await r.openRuleTasks(a.clinicId, ['no_data'], { patientId: b.patientId })).toEqual([]);
    }),
    closeByRule: crossClinic(async (r) => {
      expect(await r.closeByRule(a.clinicId, [b.ruleTaskId], new Date())).toEqual([]);
    }),
    reassign: crossClinic(async (r) => {
      await r.reassign(a.clinicId, b.ruleTaskId, a.therapistId);
      expect((await r.findInReach(b.ruleTaskId, { clinicId: b.clinicId }))?.assigneeId).toBe(b.therapistId);
    }),
    holdRulesOf: byDesign('a lock on the clinic whose rules are evaluated: it reads and writes no row'),
    clinicOf: byDesign('the clinic whose rules are evaluated (the job works for every clinic), or the caller’s own'),
    clinicIds: byDesign('the rules’ job: it sends one evaluation per clinic, and has no caller'),
    patientsForRules: crossClinic(async (r) => {
      expect((await r.patientsForRules(a.clinicId)).map((p) => p.id)).toEqual([a.patientId]);
      expect(await r.patientsForRules(a.clinicId, b.patientId)).toEqual([]);
    }),
    pendingStaff: crossClinic(async (r) => {
      expect((await r.pendingStaff(a.clinicId)).map((u) => u.id)).toEqual([a.pendingId]);
      expect(await r.pendingStaff(a.clinicId, b.pendingId)).toEqual([]);
    }),
  }),
  folders: cover(createFoldersRepository, {
    list: crossClinic(async (r) => {
      const { rows, count } = await r.list(a.actor, folderListQuerySchema.parse({ page_size: 100 }));
      expect(rows.map((f) => f.id)).toEqual([a.folderId]);
      expect(count).toBe(1);
    }),
    findVisible: crossClinic(async (r) => {
      expect((await r.findVisible(a.actor, [b.folderId, a.folderId])).map((f) => f.id)).toEqual([a.folderId]);
    }),
    insert: writesOnly('a folder of the actor, in the actor’s clinic'),
    rename: guarded(loadFolders),
    setShared: guarded(loadFolders),
    deleteMany: guarded(loadFolders),
    addItems: guarded(loadFolders, ['findManyVisible', 'videos/folders.service.ts']),
    removeItems: guarded(loadFolders),
  }),
  banners: cover(createBannersRepository, {
    snoozesOf: guarded(requirePatient('banners/banners.service.ts')),
    upsert: guarded(requirePatient('banners/banners.service.ts')),
    lastProgramChange: guarded(requirePatient('banners/banners.service.ts')),
  }),
  dashboard: cover(createDashboardRepository, {
    onboardedIn: crossClinic(async (r) => {
      const now = new Date('2026-03-20T15:00:00Z');
      expect((await r.onboardedIn(a.clinicId, null, now)).map((row) => row.id)).toEqual([a.patientId]);
      expect(await r.onboardedIn(a.clinicId, b.therapistId, now)).toEqual([]);
    }),
  }),
  rtmStatus: cover(createRtmStatusRepository, {
    clinicsWithOpenEpisodes: crossClinic(async (r) => {
      expect(await r.clinicsWithOpenEpisodes(scopeA())).toEqual([a.clinicId]);
    }),
  }),
  monitoring: cover(createMonitoringRepository, {
    lockUser: own('the caller’s own user row, held while their session starts'),
    findOpenForUpdate: own('by user id: the caller’s own open session'),
    findOwnForUpdate: crossClinic(async (r) => {
      expect(await r.findOwnForUpdate(b.monitoringSessionId, b.therapistId, scopeA())).toBeUndefined();
      expect(await r.findOwnForUpdate(b.monitoringSessionId, a.therapistId, scopeA())).toBeUndefined();
      expect((await r.findOwnForUpdate(a.monitoringSessionId, a.therapistId, scopeA()))?.id).toBe(
        a.monitoringSessionId,
      );
    }),
    openOnPatientForUpdate: crossClinic(async (r) => {
      expect(await r.openOnPatientForUpdate(b.patientId, a.clinicId)).toEqual([]);
      const mine = await r.openOnPatientForUpdate(a.patientId, a.clinicId);
      expect(mine.map((session) => session.id)).toEqual([a.monitoringSessionId]);
    }),
    insert: guarded(requirePatient('monitoring/monitoring.service.ts')),
    update: guarded(
      ['findOwnForUpdate', 'monitoring/monitoring.service.ts'],
      ['findOpenForUpdate', 'monitoring/monitoring.service.ts'],
      ['openOnPatientForUpdate', 'monitoring/patient-changes.ts'],
    ),
    sessionsStartedIn: crossClinic(async (r) => {
      const span = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
      const mine = await r.sessionsStartedIn({ clinicId: a.clinicId, ...span });
      expect(mine.map((s) => [s.patientId, s.userId])).toEqual([[a.patientId, a.therapistId]]);
      expect(await r.sessionsStartedIn({ clinicId: a.clinicId, patientId: b.patientId, ...span })).toEqual([]);
    }),
    callsLoggedIn: crossClinic(async (r) => {
      const span = { from: '2026-03-01', to: '2026-04-01', kinds: ['phone', 'video'] as const };
      const mine = await r.callsLoggedIn({ clinicId: a.clinicId, ...span });
      expect(mine).toEqual([
        expect.objectContaining({ patientId: a.patientId, userId: a.therapistId, kind: 'phone', minutes: 5 }),
      ]);
      expect(await r.callsLoggedIn({ clinicId: a.clinicId, patientId: b.patientId, ...span })).toEqual([]);
    }),
    clinicTimezone: own('the caller’s own clinic: every caller passes actor.clinicId or its patient’s clinic'),
    patientNames: crossClinic(async (r) => {
      expect(await r.patientNames(a.clinicId, [b.patientId])).toEqual([]);
      expect((await r.patientNames(a.clinicId, [a.patientId, b.patientId])).map((p) => p.id)).toEqual([a.patientId]);
    }),
  }),
  hepRequests: cover(createHepRequestsRepository, {
    insert: writesOnly('a request of the actor, in the actor’s clinic'),
    list: byDesign(
      'the content team’s queue spans every clinic: admins only (library.manage); or the caller’s own, or the new request',
    ),
    lock: byDesign('the content team answers requests of every clinic: admins only (library.manage)'),
    findGlobalVideo: notClinicData('only the global library’s videos, which no clinic owns'),
    answer: guarded(['lock', 'videos/hep-requests.service.ts']),
  }),
  videoUsage: cover(createVideoUsageRepository, {
    inActivePrograms: guarded(['findManyVisible', 'videos/videos.service.ts']),
    withExerciseHistory: guarded(['findManyVisible', 'videos/videos.service.ts']),
    deleteProgramItems: guarded(['findManyVisible', 'videos/videos.service.ts']),
  }),
  videos: cover(createVideosRepository, {
    list: crossClinic(async (r) => {
      const all = await r.list(a.actor, videoListQuerySchema.parse({ page_size: 100 }));
      expect(all.rows.map((v) => v.clinicId).filter((id) => id === b.clinicId)).toEqual([]);
      expect(all.rows.map((v) => v.id)).toContain(a.videoId);
      expect(all.count).toBe(all.rows.length);
      // The global video is in both clinics' folders: the folder ids shown are only those A's actor sees.
      expect(all.rows.find((v) => v.id === globalVideoId)?.folderIds).toEqual([a.folderId]);
      const inBFolder = await r.list(a.actor, videoListQuerySchema.parse({ folder: b.folderId }));
      expect(inBFolder.rows.map((v) => v.id)).toEqual([globalVideoId]);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(a.actor, b.videoId)).toBeNull();
      expect((await r.findById(a.actor, a.videoId))?.id).toBe(a.videoId);
    }),
    findManyVisible: crossClinic(async (r) => {
      expect((await r.findManyVisible(a.actor, [b.videoId, a.videoId])).map((v) => v.id)).toEqual([a.videoId]);
    }),
    insert: writesOnly('a video of the actor, in the actor’s clinic (admins: the global library)'),
    update: guarded(['find', 'videos/videos.service.ts']),
    deleteMany: guarded(['findManyVisible', 'videos/videos.service.ts']),
    findUpload: videoCatalog,
    updateByGuid: videoCatalog,
    guidsWithStatus: byDesign('the video host’s sweep of every upload in a status; answers file ids only'),
  }),
  referral: cover(createReferralRepository, {
    listBySender: own('the caller’s own invitations, by sender id'),
    holdSender: own('a lock on the caller’s own sends, by sender id'),
    countSentSince: own('the caller’s own invitations of the last 24 hours, for the daily cap'),
    senderOf: own('the caller’s own name and clinic, for the e-mail'),
    insert: writesOnly('an invitation from the caller, in the caller’s clinic'),
    withdraw: own('the invitation the caller has just sent, by its id'),
    findOpenFor: byDesign('an address’s open invitation from any clinic: one at a time per address (decision 1010)'),
    findByCodeHash: byDesign('a sign-up’s referral code: the code e-mailed to the address is the access'),
    expireOpen: byDesign('an address’s run-out invitation from any clinic, so the address can be invited again'),
    markSignedUp: guarded(['isOpen', 'referral/referral.service.ts']),
    markApproved: byDesign('the invitation of the account just approved, whichever clinic sent it (decision 1010)'),
  }),
};

/** Query functions of repository files that export functions over the database instead of a factory. */
const queryFunctions: Record<string, Record<string, Decision>> = {
  'contact-status': {
    // Given the ids of a scoped list page or of a patient found by findPatient.
    contactStatusesOf: guarded(findPatient),
  },
  'patient-list': {
    // The statement behind patients.list (tested across clinics above): its clinic comes from the scope it is given.
    listPatientRows: byDesign('scoped by the ClinicScope of its options; patients.list is its only caller'),
  },
  icd10: {
    searchIcd10: notClinicData('global reference data (ICD-10)'),
    findIcd10: notClinicData('global reference data (ICD-10)'),
    importIcd10: notClinicData('global reference data (ICD-10)'),
    loadBundledIcd10IfEmpty: notClinicData('global reference data (ICD-10)'),
  },
};

/** Every decision by "repository.method". */
const table = new Map<string, Entry<unknown>>([
  ...Object.entries(repositories).flatMap(([name, { methods }]) =>
    Object.entries(methods).map(([method, entry]) => [`${name}.${method}`, entry as Entry<unknown>] as const),
  ),
  ...Object.entries(queryFunctions).flatMap(([name, functions]) =>
    Object.entries(functions).map(([fn, entry]) => [`${name}.${fn}`, entry as Entry<unknown>] as const),
  ),
]);

// ---------------------------------------------------------------------------------------------------------------
// The repositories as the modules folder has them.

const repositoryFiles = (readdirSync(srcDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.repository.ts'))
  .sort();

/** createUsersRepository → users */
const repositoryName = (factoryName: string) =>
  factoryName.replace(/^create(\w)(\w*)Repository$/, (_m, first: string, rest: string) => first.toLowerCase() + rest);

/** A function exported for its callers to run over the database: its first parameter is the database. */
const takesDatabase = (fn: (...args: never[]) => unknown) => /^[^(]*\(\s*(db|tx)\b/.test(fn.toString());

type Found = { key: string; file: string };

async function enumerate(db: Db) {
  const factories: { name: string; file: string; factory: unknown }[] = [];
  const methods: Found[] = [];
  for (const file of repositoryFiles) {
    const exports: Record<string, unknown> = await import(pathToFileURL(path.join(srcDir, file)).href);
    for (const [exportName, value] of Object.entries(exports)) {
      if (typeof value !== 'function') continue;
      if (/^create\w+Repository$/.test(exportName)) {
        const name = repositoryName(exportName);
        factories.push({ name, file, factory: value });
        for (const method of Object.keys((value as (db: Db) => object)(db))) {
          methods.push({ key: `${name}.${method}`, file });
        }
      } else if (takesDatabase(value as (...args: never[]) => unknown)) {
        methods.push({ key: `${path.basename(file, '.repository.ts')}.${exportName}`, file });
      }
    }
  }
  return { factories, methods };
}

// ---------------------------------------------------------------------------------------------------------------
// Two clinics with the same kinds of rows.

const SHARED_NAME = 'Quillonbeck';
const DAY = '2026-03-02';

async function seedClinic(db: Db, index: number) {
  const now = new Date('2026-03-02T15:00:00Z');
  const { clinic, supervisor } = await makeClinicWithSupervisor(db);
  const therapist = await makeUser(db, clinic.id, { role: 'therapist' });
  const patientUser = await makeUser(db, clinic.id, { role: 'patient' });
  const actor: Actor = { id: therapist.id, clinicId: clinic.id, clinicCode: clinic.code, role: 'therapist' };

  const patientsRepo = createPatientsRepository(db);
  const patientId = await patientsRepo.insert({
    clinicId: clinic.id,
    userId: patientUser.id,
    firstName: SHARED_NAME,
    lastName: 'Patient',
    phone: `555010${index}000`,
    birthday: '1960-01-01',
    therapistId: therapist.id,
    status: 'onboarded',
    // Covered and consented, so a missing call is needed (decision 1240) and `call=needed` lists the patient.
    isRtmCovered: true,
    consentDate: '2026-01-01',
  });
  await patientsRepo.openEpisode({
    patientId,
    clinicId: clinic.id,
    diagnosis: 'M54.50',
    therapistId: therapist.id,
    startedAt: now,
  });
  await patientsRepo.recordEvent({
    patientId,
    clinicId: clinic.id,
    action: 'register',
    actorUserId: therapist.id,
    at: now,
  });

  const videos = createVideosRepository(db);
  const guid = `clinic-scope-${index}-${clinic.code}`;
  const videoId = await videos.insert({ ...VIDEO_DEFAULTS, guid, clinicId: clinic.id, ownerUserId: therapist.id });
  await videos.updateByGuid(guid, { status: 'ready' });

  const folders = createFoldersRepository(db);
  const folderId = await folders.insert(actor, 'Knee set');
  await folders.setShared([folderId], true);
  await folders.addItems([folderId], [videoId]);

  const [hepItemId] = await createHepRepository(db).insert(
    [
      {
        clinicId: clinic.id,
        patientId,
        videoId,
        folderId: null,
        folderName: null,
        sets: 3,
        reps: 10,
        holdSeconds: 0,
        timesPerDay: 1,
        daysPerWeek: 7,
        description: '',
        createdBy: therapist.id,
      },
    ],
    now,
  );
  const logs = createExerciseLogsRepository(db);
  const log = await logs.insertOnce({
    clinicId: clinic.id,
    patientId,
    hepItemId: hepItemId!,
    performedAt: now,
    localDate: DAY,
    setsDone: 3,
    pain: 4,
    // The same client id in both clinics.
    clientId: 'same-client-id',
  });
  await logs.recordPain(log!);
  await createPatientAppRepository(db).insertReadings([
    { clinicId: clinic.id, patientId, kind: 'steps', value: 1000, measuredAt: now, localDate: DAY, source: 'manual' },
  ]);

  const functional = createFunctionalDataRepository(db);
  const series = await functional.insertSeries({
    clinicId: clinic.id,
    patientId,
    datatypeId: 1,
    name: 'LEFS',
    unit: '',
    createdBy: therapist.id,
  });
  await functional.insertEntries(
    series,
    [{ date: DAY, answers: [1], score: 1, scoringVersion: '1', note: '' }],
    therapist.id,
    now,
  );
  // Filled in by the patient themself: only such an entry makes a data day.
  await db.update(functionalEntries).set({ enteredBy: 'patient' }).where(eq(functionalEntries.patientId, patientId));
  await createInteractionsRepository(db).insert({
    patientId,
    clinicId: clinic.id,
    date: DAY,
    startedAt: new Date(`${DAY}T12:00:00Z`),
    kind: 'phone',
    minutes: 5,
    createdBy: therapist.id,
    createdAt: now,
  });

  const chat = createChatRepository(db);
  await chat.insertSession({ clinicId: clinic.id, kind: 'patient', patientId });
  await chat.insertSession({ clinicId: clinic.id, kind: 'support', staffUserId: therapist.id });
  const patientChatId = (await chat.findPatientSession(patientId))!.id;
  const supportChatId = (await chat.findSupportSession(therapist.id))!.id;
  await chat.saveMessages(
    [patientChatId, supportChatId].map((sessionId) => ({
      sessionId,
      senderUserId: therapist.id,
      body: 'Hello',
      clientId: null,
      createdAt: now,
      byPatient: false,
      audit: { clinicId: clinic.id, patientId: sessionId === patientChatId ? patientId : null, ip: null },
    })),
  );

  await createHepRequestsRepository(db).insert(actor, actor.clinicId, 'A heel raise, please');
  const monitoringSession = await createMonitoringRepository(db).insert({
    clinicId: clinic.id,
    patientId,
    userId: therapist.id,
    now,
  });
  const tasks = createTasksRepository(db);
  const taskId = await tasks.insert({
    clinicId: clinic.id,
    patientId,
    kind: 'assigned',
    title: 'Check in',
    assigneeId: therapist.id,
    createdBy: therapist.id,
  });
  const ruleTaskId = (await tasks.openByRule({
    clinicId: clinic.id,
    kind: 'no_data',
    cause: `patient:${patientId}:since:${DAY}`,
    patientId,
    assigneeId: therapist.id,
    title: 'No data',
    now,
  }))!;
  const pending = await makeUser(db, clinic.id, { role: 'manager', approvalStatus: 'pending' });
  await createSessionsRepository(db).create({
    userId: therapist.id,
    tokenHash: `clinic-scope-token-${clinic.code}`,
    kind: 'staff',
    ip: null,
    userAgent: null,
    now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  await createPasswordResetsRepository(db).create(
    therapist.id,
    `clinic-scope-reset-${clinic.code}`,
    now,
    new Date(now.getTime() + 3600_000),
  );

  return {
    clinicId: clinic.id,
    clinicCode: clinic.code,
    supervisorId: supervisor.id,
    therapistId: therapist.id,
    therapistEmail: therapist.email,
    patientUserId: patientUser.id,
    actor,
    patientId,
    videoId,
    folderId,
    hepItemId: hepItemId!,
    patientChatId,
    supportChatId,
    monitoringSessionId: monitoringSession.id,
    taskId,
    ruleTaskId,
    pendingId: pending.id,
  };
}

// ---------------------------------------------------------------------------------------------------------------

let database: TestDatabase;
let found: Awaited<ReturnType<typeof enumerate>>;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database.database;
  a = await seedClinic(db, 1);
  b = await seedClinic(db, 2);
  // A global video in both clinics' folders, so that its folder list has another clinic's folder to leave out.
  const videos = createVideosRepository(db);
  globalVideoId = await videos.insert({
    ...VIDEO_DEFAULTS,
    guid: 'clinic-scope-global',
    clinicId: null,
    ownerUserId: a.supervisorId,
  });
  await videos.updateByGuid('clinic-scope-global', { status: 'ready' });
  await createFoldersRepository(db).addItems([a.folderId, b.folderId], [globalVideoId]);
  found = await enumerate(db);
});
afterAll(() => database.drop());

describe('every repository method has decided its clinic scope', () => {
  it('finds the repositories in the source folder', () => {
    expect(repositoryFiles.length).toBeGreaterThan(0);
    expect(found.factories.length).toBeGreaterThan(0);
    for (const file of repositoryFiles) {
      expect(
        found.methods.some((m) => m.file === file),
        `${file} exports no repository factory (createXRepository) and no function over the database`,
      ).toBe(true);
    }
  });

  it('has an entry for every method, and every entry names an existing method', () => {
    const keys = found.methods.map((m) => m.key);
    const missing = found.methods.filter((m) => !table.has(m.key)).map((m) => `${m.key} (src/${m.file})`);
    expect(
      missing,
      'repository methods without a clinic-scope entry: add each to test/clinic-scope.test.ts, with a call scoped to ' +
        'clinic A that asks for clinic B’s rows, or the reason no call can reach another clinic',
    ).toEqual([]);
    const stale = [...table.keys()].filter((key) => !keys.includes(key));
    expect(stale, 'entries in test/clinic-scope.test.ts for methods that no longer exist').toEqual([]);
  });

  it('covers each factory with its own repository entry', () => {
    for (const { name, file, factory } of found.factories) {
      const entry = (repositories as Record<string, { factory: unknown }>)[name];
      expect(entry?.factory, `${name} (src/${file}) has no entry in repositories`).toBe(factory);
    }
  });

  it('names checks that the services really make', () => {
    const guards = [...table.entries()].flatMap(([key, entry]) =>
      entry.kind === 'guarded' ? entry.checks.map((c) => ({ key, ...c })) : [],
    );
    for (const { key, check, file } of guards) {
      const source = readFileSync(path.join(modulesDir, file), 'utf8');
      expect(new RegExp(`\\b${check}\\(`).test(source), `${key}: ${file} never calls ${check}`).toBe(true);
    }
  });

  it('gives every method that is not tested across clinics a reason', () => {
    for (const [key, entry] of table) {
      if (entry.kind === 'cross-clinic' || entry.kind === 'guarded') continue;
      expect(entry.why.length, key).toBeGreaterThan(10);
    }
  });
});

const crossClinicEntries = Object.entries(repositories).flatMap(([name, { factory, methods }]) =>
  Object.entries(methods).flatMap(([method, entry]) =>
    entry.kind === 'cross-clinic' ? [{ key: `${name}.${method}`, factory, run: entry.run }] : [],
  ),
);

describe('scoped to clinic A, nothing of clinic B comes back', () => {
  it.each(crossClinicEntries)('$key', async ({ factory, run }) => {
    await (run as (repo: object) => Promise<void>)(factory(database.database.db));
  });
});
