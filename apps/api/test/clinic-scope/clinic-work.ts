import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents, bannerSnoozes, clinics, monitoringSessions, tasks, users } from '../../src/db/schema.ts';
import { crossClinic as everyClinic } from '../../src/db/scope.ts';
import {
  createAnnouncementsRepository,
  createStaffNoticesRepository,
} from '../../src/modules/admin/announcements.repository.ts';
import { createAuditLogRepository } from '../../src/modules/admin/audit-log.repository.ts';
import { createBannersRepository } from '../../src/modules/banners/banners.repository.ts';
import { createClinicsRepository } from '../../src/modules/clinics/clinics.repository.ts';
import { createSettingsRepository } from '../../src/modules/clinics/settings.repository.ts';
import { createMonitoringRepository } from '../../src/modules/monitoring/monitoring.repository.ts';
import { createTasksRepository } from '../../src/modules/tasks/tasks.repository.ts';
import { a, b, cover, crossClinic, db, notClinicData, repoOf, scopeA, scopeB } from './harness.ts';

const NOW = new Date('2026-03-02T15:00:00Z');

/** Clinic B's rows, read through a repository of its own scope. */
const tasksOfB = () => repoOf(createTasksRepository, scopeB());
const monitoringOfB = () => repoOf(createMonitoringRepository, scopeB());
const clinicsOfB = () => repoOf(createClinicsRepository, scopeB());
const bannersOfB = () => repoOf(createBannersRepository, scopeB());

/** Clinic B's snooze of a banner, for a change from clinic A to leave as it is. */
async function snoozeB() {
  const values = { patientId: b.patientId, userId: b.therapistId, banner: 'no_call', cause: 'B', snoozedUntil: NOW };
  await bannersOfB().upsert(values);
  return values;
}

/** One audit row in each clinic, of an action no service writes. */
const AUDIT_ACTION = 'clinic-scope.read';
let auditRows: Promise<void> | undefined;
const writeAuditRows = () => {
  auditRows ??= db
    .insert(auditEvents)
    .values(
      [a, b].map((clinic) => ({
        clinicId: clinic.clinicId,
        patientId: clinic.patientId,
        actorUserId: clinic.therapistId,
        action: AUDIT_ACTION,
        outcome: 'success' as const,
      })),
    )
    .then(() => undefined);
  return auditRows;
};
const auditFilter = (patientId?: number) => ({ action: AUDIT_ACTION, patientId, timezone: 'UTC' });

const supervisorOf = async (clinicId: number) =>
  (await db.select({ id: clinics.supervisorUserId }).from(clinics).where(eq(clinics.id, clinicId)))[0]?.id;

export const clinicWorkRepositories = {
  tasks: cover(createTasksRepository, {
    list: crossClinic(async (r) => {
      const page = { status: 'new' as const, page: 1, pageSize: 100 };
      const { rows, count } = await r.list({}, page);
      expect(rows.map((t) => t.id).sort()).toEqual([a.taskId, a.ruleTaskId].sort());
      expect(count).toBe(2);
      expect(await r.list({}, { ...page, patientId: b.patientId })).toEqual({ rows: [], count: 0 });
    }),
    countOf: crossClinic(async (r) => {
      expect(await r.countOf({}, 'new')).toBe(2);
      expect(await r.countOf({}, 'done')).toBe(0);
    }),
    findInReach: crossClinic(async (r) => {
      expect(await r.findInReach(b.taskId, {})).toBeUndefined();
      expect((await r.findInReach(a.taskId, {}))?.id).toBe(a.taskId);
    }),
    markDone: crossClinic(async (r) => {
      expect(await r.markDone(b.taskId, a.therapistId, NOW)).toBe(false);
      expect((await tasksOfB().findInReach(b.taskId, {}))?.status).toBe('new');
      // Clinic A's own task is marked, and taken back for the entries after this one.
      expect(await r.markDone(a.taskId, a.therapistId, NOW)).toBe(true);
      expect(await r.reopen(a.taskId)).toBe(true);
    }),
    reopen: crossClinic(async (r) => {
      expect(await tasksOfB().markDone(b.taskId, b.therapistId, NOW)).toBe(true);
      try {
        expect(await r.reopen(b.taskId)).toBe(false);
        expect((await tasksOfB().findInReach(b.taskId, {}))?.status).toBe('done');
      } finally {
        await tasksOfB().reopen(b.taskId);
      }
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert({
        kind: 'assigned',
        title: 'Lands in A',
        patientId: null,
        assigneeId: a.therapistId,
        createdBy: a.therapistId,
      });
      try {
        expect((await r.findInReach(id, {}))?.clinicId).toBe(a.clinicId);
        expect(await tasksOfB().findInReach(id, {})).toBeUndefined();
      } finally {
        await db.delete(tasks).where(eq(tasks.id, id));
      }
      // About clinic B's patient: refused, and no task of clinic A about them.
      const aboutB = { kind: 'assigned', title: 'About B', patientId: b.patientId, createdBy: a.therapistId } as const;
      await expect(r.insert({ ...aboutB, assigneeId: a.therapistId })).rejects.toThrow(/patient/);
      expect(await db.select().from(tasks).where(eq(tasks.title, 'About B'))).toEqual([]);
    }),
    openByRule: crossClinic(async (r) => {
      const id = await r.openByRule({
        kind: 'no_data',
        cause: 'clinic-scope-open',
        patientId: null,
        assigneeId: null,
        title: 'Lands in A',
        now: NOW,
      });
      expect(id).toBeDefined();
      try {
        expect((await r.findInReach(id!, {}))?.clinicId).toBe(a.clinicId);
        expect(await tasksOfB().findInReach(id!, {})).toBeUndefined();
      } finally {
        await db.delete(tasks).where(eq(tasks.id, id!));
      }
      const aboutB = {
        kind: 'no_data',
        cause: 'clinic-scope-open-b',
        patientId: b.patientId,
        assigneeId: null,
      } as const;
      expect(await r.openByRule({ ...aboutB, title: 'About B', now: NOW })).toBeUndefined();
      expect(await db.select().from(tasks).where(eq(tasks.cause, 'clinic-scope-open-b'))).toEqual([]);
    }),
    openRuleTasks: crossClinic(async (r) => {
      expect((await r.openRuleTasks(['no_data'], {})).map((t) => t.id)).toEqual([a.ruleTaskId]);
      expect(await r.openRuleTasks(['no_data'], { patientId: b.patientId })).toEqual([]);
    }),
    closeByRule: crossClinic(async (r) => {
      expect(await r.closeByRule([b.ruleTaskId], NOW)).toEqual([]);
      expect((await tasksOfB().findInReach(b.ruleTaskId, {}))?.status).toBe('new');
    }),
    reassign: crossClinic(async (r) => {
      await r.reassign(b.ruleTaskId, a.therapistId);
      expect((await tasksOfB().findInReach(b.ruleTaskId, {}))?.assigneeId).toBe(b.therapistId);
    }),
    holdRules: crossClinic(async (r) => {
      // A lock on the scope's own clinic, held until the transaction ends: clinic A's, never clinic B's.
      await r.holdRules();
      const held = (clinicId: number) => sql`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory'
          and objid = ((hashtext(${`task-rules:${clinicId}`})::bigint & 4294967295)::text)::oid`;
      const counts = await db.transaction(async (tx) => {
        await createTasksRepository(tx, scopeA()).holdRules();
        const count = async (clinicId: number) =>
          ((await tx.execute(held(clinicId))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
        return { a: await count(a.clinicId), b: await count(b.clinicId) };
      });
      expect(counts).toEqual({ a: 1, b: 0 });
      // A cross-clinic scope has no one clinic to hold.
      await expect(repoOf(createTasksRepository, everyClinic('scheduled job')).holdRules()).rejects.toThrow();
    }),
    clinic: crossClinic(async (r) => {
      expect((await r.clinic())?.supervisorId).toBe(a.supervisorId);
    }),
    clinicIds: crossClinic(async (r) => {
      expect(await r.clinicIds()).toEqual([a.clinicId]);
    }),
    patientsForRules: crossClinic(async (r) => {
      expect((await r.patientsForRules()).map((p) => p.id)).toEqual([a.patientId]);
      expect(await r.patientsForRules(b.patientId)).toEqual([]);
    }),
    pendingStaff: crossClinic(async (r) => {
      expect((await r.pendingStaff()).map((u) => u.id)).toEqual([a.pendingId]);
      expect(await r.pendingStaff(b.pendingId)).toEqual([]);
    }),
  }),
  monitoring: cover(createMonitoringRepository, {
    lockUser: crossClinic(async (r) => {
      expect(await r.lockUser(b.therapistId)).toBe(false);
      expect(await r.lockUser(a.therapistId)).toBe(true);
    }),
    findOpenForUpdate: crossClinic(async (r) => {
      expect(await r.findOpenForUpdate(b.therapistId)).toBeUndefined();
      expect((await r.findOpenForUpdate(a.therapistId))?.id).toBe(a.monitoringSessionId);
    }),
    findOwnForUpdate: crossClinic(async (r) => {
      expect(await r.findOwnForUpdate(b.monitoringSessionId, b.therapistId)).toBeUndefined();
      expect(await r.findOwnForUpdate(b.monitoringSessionId, a.therapistId)).toBeUndefined();
      expect((await r.findOwnForUpdate(a.monitoringSessionId, a.therapistId))?.id).toBe(a.monitoringSessionId);
    }),
    openOnPatientForUpdate: crossClinic(async (r) => {
      expect(await r.openOnPatientForUpdate(b.patientId)).toEqual([]);
      const mine = await r.openOnPatientForUpdate(a.patientId);
      expect(mine.map((session) => session.id)).toEqual([a.monitoringSessionId]);
    }),
    insert: crossClinic(async (r) => {
      // The supervisor's: the therapist has an open session already, and a user has one at a time.
      const row = await r.insert({ patientId: a.patientId, userId: a.supervisorId, now: NOW });
      try {
        expect(row.clinicId).toBe(a.clinicId);
        expect((await r.findOwnForUpdate(row.id, a.supervisorId))?.id).toBe(row.id);
        expect(await monitoringOfB().findOwnForUpdate(row.id, a.supervisorId)).toBeUndefined();
      } finally {
        await db.delete(monitoringSessions).where(eq(monitoringSessions.id, row.id));
      }
      // Clinic B's patient: refused, and no session of clinic A on them.
      await expect(r.insert({ patientId: b.patientId, userId: a.supervisorId, now: NOW })).rejects.toThrow(/patient/);
      const onB = await db.select().from(monitoringSessions).where(eq(monitoringSessions.patientId, b.patientId));
      expect(onB.map((session) => session.id)).toEqual([b.monitoringSessionId]);
    }),
    update: crossClinic(async (r) => {
      expect(await r.update(b.monitoringSessionId, { seconds: 99 })).toBeUndefined();
      expect((await monitoringOfB().findOwnForUpdate(b.monitoringSessionId, b.therapistId))?.seconds).toBe(0);
    }),
    sessionsStartedIn: crossClinic(async (r) => {
      const span = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
      const mine = await r.sessionsStartedIn(span);
      expect(mine.map((s) => [s.patientId, s.userId])).toEqual([[a.patientId, a.therapistId]]);
      expect(await r.sessionsStartedIn({ patientId: b.patientId, ...span })).toEqual([]);
    }),
    callsLoggedIn: crossClinic(async (r) => {
      const span = { from: '2026-03-01', to: '2026-04-01', kinds: ['phone', 'video'] as const };
      const mine = await r.callsLoggedIn(span);
      expect(mine).toEqual([
        expect.objectContaining({ patientId: a.patientId, userId: a.therapistId, kind: 'phone', minutes: 5 }),
      ]);
      expect(await r.callsLoggedIn({ patientId: b.patientId, ...span })).toEqual([]);
    }),
    clinicTimezone: crossClinic(async (r) => {
      const [clinicA] = await db.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, a.clinicId));
      expect(await r.clinicTimezone()).toBe(clinicA!.timezone);
      // A month is counted in one clinic's calendar: a cross-clinic scope has none.
      await expect(repoOf(createMonitoringRepository, everyClinic('scheduled job')).clinicTimezone()).rejects.toThrow();
    }),
    patientNames: crossClinic(async (r) => {
      expect(await r.patientNames([b.patientId])).toEqual([]);
      expect((await r.patientNames([a.patientId, b.patientId])).map((p) => p.id)).toEqual([a.patientId]);
    }),
  }),
  clinics: cover(createClinicsRepository, {
    findByCode: crossClinic(async (r) => {
      expect(await r.findByCode(b.clinicCode)).toBeUndefined();
      expect((await r.findByCode(a.clinicCode))?.id).toBe(a.clinicId);
    }),
    insert: crossClinic(async (r) => {
      // A new clinic is no existing clinic's: one clinic's scope makes none.
      await expect(r.insert({ code: 'SCOPEA', name: 'Made from A' })).rejects.toThrow();
      expect(await repoOf(createClinicsRepository, everyClinic('platform admin')).findByCode('SCOPEA')).toBeUndefined();
    }),
    setSupervisor: crossClinic(async (r) => {
      await r.setSupervisor(b.therapistId);
      expect(await supervisorOf(a.clinicId)).toBe(a.supervisorId);
      expect(await supervisorOf(b.clinicId)).toBe(b.supervisorId);
      await r.setSupervisor(a.supervisorId);
      expect(await supervisorOf(a.clinicId)).toBe(a.supervisorId);
    }),
    lockByCode: crossClinic(async (r) => {
      expect(await r.lockByCode(b.clinicCode)).toBeUndefined();
      expect((await r.lockByCode(a.clinicCode))?.id).toBe(a.clinicId);
    }),
    updateDetails: crossClinic(async (r) => {
      const before = (await clinicsOfB().findByCode(b.clinicCode))!;
      const mine = (await r.findByCode(a.clinicCode))!;
      await r.updateDetails({ address: '1 Scope Street' });
      try {
        expect((await r.findByCode(a.clinicCode))?.address).toBe('1 Scope Street');
        expect(await clinicsOfB().findByCode(b.clinicCode)).toEqual(before);
      } finally {
        await r.updateDetails({ address: mine.address });
      }
    }),
    logo: crossClinic(async (r) => {
      await clinicsOfB().setLogo({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), type: 'image/jpeg' });
      try {
        expect(await r.logo()).toBeUndefined();
        expect((await clinicsOfB().logo())?.type).toBe('image/jpeg');
      } finally {
        await clinicsOfB().setLogo(null);
      }
    }),
    setLogo: crossClinic(async (r) => {
      await r.setLogo({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), type: 'image/jpeg' });
      try {
        expect((await r.findByCode(a.clinicCode))?.hasLogo).toBe(true);
        expect((await clinicsOfB().findByCode(b.clinicCode))?.hasLogo).toBe(false);
      } finally {
        await r.setLogo(null);
      }
      expect((await r.findByCode(a.clinicCode))?.hasLogo).toBe(false);
    }),
    overviews: crossClinic(async (r) => {
      const { rows, count } = await r.overviews({ page: 1, pageSize: 100 });
      expect(rows.map((row) => row.id)).toEqual([a.clinicId]);
      expect(count).toBe(1);
      expect(await r.overviews({ search: b.clinicCode, page: 1, pageSize: 100 })).toEqual({ rows: [], count: 0 });
    }),
    names: crossClinic(async (r) => {
      const { rows, count } = await r.names({ page: 1, pageSize: 100 });
      expect(rows.map((row) => row.code)).toEqual([a.clinicCode]);
      expect(count).toBe(1);
    }),
    overviewByCode: crossClinic(async (r) => {
      expect(await r.overviewByCode(b.clinicCode)).toBeUndefined();
      expect((await r.overviewByCode(a.clinicCode))?.patientsCount).toBe(1);
    }),
  }),
  settings: cover(createSettingsRepository, {
    get: notClinicData('platform-wide settings by key (the support account): no clinic column'),
    set: notClinicData('platform-wide settings by key (the support account): no clinic column'),
  }),
  banners: cover(createBannersRepository, {
    snoozesOf: crossClinic(async (r) => {
      await snoozeB();
      expect(await r.snoozesOf(b.patientId, b.therapistId)).toEqual([]);
      expect(await bannersOfB().snoozesOf(b.patientId, b.therapistId)).toHaveLength(1);
    }),
    upsert: crossClinic(async (r) => {
      const theirs = await snoozeB();
      // The same patient, staff member and banner as clinic B's snooze: it stays as it was.
      await r.upsert({ ...theirs, cause: 'A', snoozedUntil: new Date('2026-03-09T15:00:00Z') });
      expect(await bannersOfB().snoozesOf(b.patientId, b.therapistId)).toEqual([
        { banner: theirs.banner, cause: 'B', snoozedUntil: NOW },
      ]);
      // A's own snooze lands in clinic A.
      await r.upsert({
        patientId: a.patientId,
        userId: a.therapistId,
        banner: 'no_call',
        cause: 'A',
        snoozedUntil: NOW,
      });
      expect(await r.snoozesOf(a.patientId, a.therapistId)).toHaveLength(1);
      expect(await bannersOfB().snoozesOf(a.patientId, a.therapistId)).toEqual([]);
      // A's staff member snoozing clinic B's patient: no snooze of clinic A about them.
      await r.upsert({
        patientId: b.patientId,
        userId: a.therapistId,
        banner: 'no_call',
        cause: 'A',
        snoozedUntil: NOW,
      });
      const ofB = await db.select().from(bannerSnoozes).where(eq(bannerSnoozes.patientId, b.patientId));
      expect(ofB.map((snooze) => [snooze.clinicId, snooze.userId])).toEqual([[b.clinicId, b.therapistId]]);
    }),
    lastProgramChange: crossClinic(async (r) => {
      expect(await r.lastProgramChange(b.patientId)).toBeNull();
      expect(await r.lastProgramChange(a.patientId)).toBeInstanceOf(Date);
    }),
  }),
  auditLog: cover(createAuditLogRepository, {
    page: crossClinic(async (r) => {
      await writeAuditRows();
      const rows = await r.page(auditFilter(), { page: 1, pageSize: 100 });
      expect(rows.map((row) => row.clinicCode)).toEqual([a.clinicCode]);
      expect(await r.page(auditFilter(b.patientId), { page: 1, pageSize: 100 })).toEqual([]);
    }),
    newest: crossClinic(async (r) => {
      await writeAuditRows();
      expect((await r.newest(auditFilter(), 100)).map((row) => row.patientId)).toEqual([a.patientId]);
      expect(await r.newest(auditFilter(b.patientId), 100)).toEqual([]);
    }),
    count: crossClinic(async (r) => {
      await writeAuditRows();
      expect(await r.count(auditFilter())).toBe(1);
      expect(await r.count(auditFilter(b.patientId))).toBe(0);
    }),
    patientsIn: crossClinic(async (r) => {
      expect(await r.patientsIn([a.patientId, b.patientId])).toEqual([{ id: a.patientId, clinicId: a.clinicId }]);
    }),
    hasUser: crossClinic(async (r) => {
      expect(await r.hasUser(b.therapistId)).toBe(false);
      expect(await r.hasUser(a.therapistId)).toBe(true);
    }),
  }),
  announcements: cover(createAnnouncementsRepository, {
    holdNote: notClinicData('a lock on the platform-wide note, which no clinic holds'),
    note: notClinicData('the platform-wide note: one setting, no clinic column'),
    setNote: notClinicData('the platform-wide note: one setting, no clinic column'),
    clearNote: notClinicData('the platform-wide note: one setting, no clinic column'),
  }),
  staffNotices: cover(createStaffNoticesRepository, {
    turnOn: crossClinic(async (r) => {
      const staff = [a.therapistId, b.therapistId];
      await db.update(users).set({ isFeatureNotificationOn: false }).where(inArray(users.id, staff));
      await r.turnOn();
      const isOn = async (id: number) =>
        (await db.select({ on: users.isFeatureNotificationOn }).from(users).where(eq(users.id, id)))[0]?.on;
      expect(await isOn(a.therapistId)).toBe(true);
      expect(await isOn(b.therapistId)).toBe(false);
    }),
  }),
};
