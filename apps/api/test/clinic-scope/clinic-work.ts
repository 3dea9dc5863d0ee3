import { expect } from 'vitest';
import { createAnnouncementsRepository } from '../../src/modules/admin/announcements.repository.ts';
import { createAuditLogRepository } from '../../src/modules/admin/audit-log.repository.ts';
import { createBannersRepository } from '../../src/modules/banners/banners.repository.ts';
import { createClinicsRepository } from '../../src/modules/clinics/clinics.repository.ts';
import { createSettingsRepository } from '../../src/modules/clinics/settings.repository.ts';
import { createMonitoringRepository } from '../../src/modules/monitoring/monitoring.repository.ts';
import { createTasksRepository } from '../../src/modules/tasks/tasks.repository.ts';
import {
  a,
  b,
  byDesign,
  cover,
  crossClinic,
  findManageable,
  guarded,
  notClinicData,
  own,
  requirePatient,
  scopeA,
  writesOnly,
} from './harness.ts';

export const clinicWorkRepositories = {
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
  settings: cover(createSettingsRepository, {
    get: notClinicData('platform-wide settings'),
    set: notClinicData('platform-wide settings'),
  }),
  banners: cover(createBannersRepository, {
    snoozesOf: guarded(requirePatient('banners/banners.service.ts')),
    upsert: guarded(requirePatient('banners/banners.service.ts')),
    lastProgramChange: guarded(requirePatient('banners/banners.service.ts')),
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
  announcements: cover(createAnnouncementsRepository, {
    holdNote: notClinicData('a lock on the platform-wide note'),
    note: notClinicData('the platform-wide note'),
    setNote: notClinicData('the platform-wide note'),
    clearNote: notClinicData('the platform-wide note'),
    turnOnStaffNotices: byDesign('a new platform note is for every clinic’s staff: admins only'),
  }),
};
