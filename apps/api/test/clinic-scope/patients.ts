import { CALL_NOK, patientListQuerySchema } from '@rehabit/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  functionalEntries,
  functionalMeasures,
  healthMetrics,
  interactionLogs,
  patientEpisodes,
  patientEvents,
  patients,
  referrals,
} from '../../src/db/schema.ts';
import { type ClinicScope, clinicScope } from '../../src/db/scope.ts';
import { createPatientAppRepository } from '../../src/modules/patient-app/patient-app.repository.ts';
import { createFunctionalDataRepository } from '../../src/modules/patient-data/functional-data.repository.ts';
import { createProgressRepository } from '../../src/modules/patient-data/progress.repository.ts';
import { createClinicianTimeRepository } from '../../src/modules/patients/clinician-time.repository.ts';
import { createContactStatusRepository } from '../../src/modules/patients/contact-status.repository.ts';
import { createIcd10Repository } from '../../src/modules/patients/icd10.repository.ts';
import { createInteractionsRepository } from '../../src/modules/patients/interactions.repository.ts';
import { createOtpRepository } from '../../src/modules/patients/otp.repository.ts';
import { listPatientRows } from '../../src/modules/patients/patient-list.repository.ts';
import { createPatientRecordRepository } from '../../src/modules/patients/patient-record.repository.ts';
import { createPatientsRepository } from '../../src/modules/patients/patients.repository.ts';
import { createReferralRepository } from '../../src/modules/referral/referral.repository.ts';
import {
  a,
  b,
  cover,
  crossClinic,
  DAY,
  db,
  type Entry,
  notClinicData,
  repoOf,
  type Seeded,
  SHARED_NAME,
  scopeA,
  scopeB,
  strays,
} from './harness.ts';

// ---------------------------------------------------------------------------------------------------------------
// Rows of the two clinics these entries need beyond the shared seed, found or made once.

const NOW = new Date('2026-03-02T15:00:00Z');
/** A day of April, a month without a call of clinic A. */
const APRIL = new Date('2026-04-10T15:00:00Z');

/** A patient of the scope's clinic, without an account, made for one run and removed after it. */
async function withScratchPatient(scope: ClinicScope, run: (patientId: number) => Promise<void>) {
  const id = await repoOf(createPatientsRepository, scope).insert({
    firstName: 'Scratch',
    lastName: 'Patient',
    phone: '5550199999',
    birthday: '1970-01-01',
  });
  try {
    await run(id);
  } finally {
    await db.delete(patientEvents).where(eq(patientEvents.patientId, id));
    await db.delete(patientEpisodes).where(eq(patientEpisodes.patientId, id));
    await db.delete(patients).where(eq(patients.id, id));
  }
}

/** The seeded call of a clinic's patient (clinic B's stray call names clinic A's patient too). */
async function callOf(clinic: Seeded) {
  const [row] = await db
    .select()
    .from(interactionLogs)
    .where(and(eq(interactionLogs.patientId, clinic.patientId), eq(interactionLogs.clinicId, clinic.clinicId)));
  return row!;
}

/** The seeded outcome series of a clinic's patient, and its entry (clinic B's stray series names A's patient too). */
async function seededSeries(clinic: Seeded) {
  const [series] = await db
    .select()
    .from(functionalMeasures)
    .where(and(eq(functionalMeasures.patientId, clinic.patientId), eq(functionalMeasures.clinicId, clinic.clinicId)));
  const [entry] = await db.select().from(functionalEntries).where(eq(functionalEntries.measureId, series!.id));
  return { series: series!, entry: entry! };
}

/** The open episodes of a clinic's patient. */
const openEpisodesOf = (clinic: Seeded) =>
  db
    .select()
    .from(patientEpisodes)
    .where(and(eq(patientEpisodes.patientId, clinic.patientId), isNull(patientEpisodes.endedAt)));

/** Rows of a table written in clinic A about clinic B's patient: none, whatever a run asked. */
const rowsOfBInA = (table: PatientRowsTable) =>
  db
    .select()
    .from(table)
    .where(and(eq(table.patientId, b.patientId), eq(table.clinicId, a.clinicId)));
type PatientRowsTable =
  | typeof patientEpisodes
  | typeof patientEvents
  | typeof interactionLogs
  | typeof functionalMeasures;

const referralRows = new Map<
  number,
  Promise<{ invited: typeof referrals.$inferSelect; signedUp: typeof referrals.$inferSelect }>
>();
/**
 * Two invitations of a clinic's therapist: an open one, and one whose colleague signed up as the clinic's pending
 * account and waits for approval.
 */
function referralsOf(clinic: Seeded) {
  let rows = referralRows.get(clinic.clinicId);
  if (!rows) {
    rows = (async () => {
      const repo = repoOf(createReferralRepository, clinicScope(clinic.clinicId));
      const invitation = (kind: string) => ({
        senderId: clinic.therapistId,
        email: `${kind}-${clinic.clinicCode.toLowerCase()}@example.test`,
        firstName: 'Col',
        lastName: 'League',
        codeHash: `clinic-scope-referral-${kind}-${clinic.clinicCode}`,
        invitedAt: NOW,
        expiresAt: new Date('2026-04-01T00:00:00Z'),
      });
      const invited = (await repo.insert(invitation('invited')))!;
      const pending = (await repo.insert(invitation('signed-up')))!;
      const signedUp = (await repo.markSignedUp(pending.id, clinic.pendingId, NOW))!;
      return { invited, signedUp };
    })();
    referralRows.set(clinic.clinicId, rows);
  }
  return rows;
}
const referralById = async (id: number) => (await db.select().from(referrals).where(eq(referrals.id, id)))[0]!;

/** The E.164 phone a clinic's seeded patient signs in with. */
const e164Of = (index: 1 | 2) => `+1555010${index}000`;

// ---------------------------------------------------------------------------------------------------------------

export const patientsRepositories = {
  patients: cover(createPatientsRepository, {
    list: crossClinic(async (r) => {
      const everyone = await r.list(patientListQuerySchema.parse({ page_size: 100 }), new Date());
      expect(everyone.rows.map((p) => p.clinicId)).toEqual(everyone.rows.map(() => a.clinicId));
      expect(everyone.rows.map((p) => p.id)).toEqual([a.patientId]);
      // Both patients share the name; the search finds only clinic A's.
      const byName = await r.list(patientListQuerySchema.parse({ search: SHARED_NAME }), new Date());
      expect(byName.rows.map((p) => p.id)).toEqual([a.patientId]);
      const byTherapist = patientListQuerySchema.parse({ therapist_id: b.therapistId });
      expect(await r.list(byTherapist, new Date())).toMatchObject({ rows: [], count: 0 });
      // The call and chat filters keep to the scope too: in April, both patients lack a call and a message of theirs.
      const quiet = patientListQuerySchema.parse({ call: 'needed', chat: 'outdated' });
      expect((await r.list(quiet, new Date('2026-04-10T15:00:00Z'))).rows.map((p) => p.id)).toEqual([a.patientId]);
      // Only among the ids given, still within the scope.
      const only = await r.list(patientListQuerySchema.parse({}), new Date(), [b.patientId, a.patientId]);
      expect(only.rows.map((p) => p.id)).toEqual([a.patientId]);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(b.patientId)).toBeUndefined();
      expect((await r.findById(a.patientId))?.id).toBe(a.patientId);
    }),
    findWithClinicDay: crossClinic(async (r) => {
      expect(await r.findWithClinicDay(b.patientId)).toBeUndefined();
      expect((await r.findWithClinicDay(a.patientId))?.id).toBe(a.patientId);
    }),
    findOwn: crossClinic(async (r) => {
      expect(await r.findOwn(b.patientUserId)).toBeUndefined();
      expect((await r.findOwn(a.patientUserId))?.id).toBe(a.patientId);
    }),
    lock: crossClinic(async (r) => {
      expect(await r.lock(b.patientId)).toBeUndefined();
      expect(await r.lock(a.patientId)).toEqual({ status: 'onboarded' });
    }),
    findManyByIds: crossClinic(async (r) => {
      const rows = await r.findManyByIds([b.patientId, a.patientId]);
      expect(rows.map((p) => p.id)).toEqual([a.patientId]);
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert({ firstName: 'New', lastName: 'Arrival', phone: '5550177777', birthday: '1980-01-01' });
      try {
        expect((await repoOf(createPatientsRepository, scopeA()).findById(id))?.clinicId).toBe(a.clinicId);
        expect(await repoOf(createPatientsRepository, scopeB()).findById(id)).toBeUndefined();
      } finally {
        await db.delete(patients).where(eq(patients.id, id));
      }
    }),
    update: crossClinic(async (r) => {
      await r.update(b.patientId, { firstName: 'Changed', status: 'removed' }, new Date());
      const row = await repoOf(createPatientsRepository, scopeB()).findById(b.patientId);
      expect(row).toMatchObject({ firstName: SHARED_NAME, status: 'onboarded' });
    }),
    openEpisode: crossClinic(async (r) => {
      await withScratchPatient(scopeA(), async (id) => {
        await r.openEpisode({ patientId: id, diagnosis: 'M54.50', therapistId: a.therapistId, startedAt: NOW });
        const rows = await db.select().from(patientEpisodes).where(eq(patientEpisodes.patientId, id));
        expect(rows.map((e) => e.clinicId)).toEqual([a.clinicId]);
      });
      // Clinic B's patient: no episode of clinic A about them.
      await r.openEpisode({ patientId: b.patientId, diagnosis: 'M54.50', therapistId: a.therapistId, startedAt: NOW });
      expect(await openEpisodesOf(b)).toHaveLength(1);
      expect(await rowsOfBInA(patientEpisodes)).toEqual([]);
    }),
    closeOpenEpisode: crossClinic(async (r) => {
      await r.closeOpenEpisode(b.patientId, new Date(), a.therapistId);
      expect(await openEpisodesOf(b)).toHaveLength(1);
    }),
    setOpenEpisodeTherapist: crossClinic(async (r) => {
      await r.setOpenEpisodeTherapist(b.patientId, a.therapistId);
      expect((await openEpisodesOf(b)).map((e) => e.therapistId)).toEqual([b.therapistId]);
    }),
    recordEvent: crossClinic(async (r) => {
      await withScratchPatient(scopeA(), async (id) => {
        await r.recordEvent({ patientId: id, action: 'update', actorUserId: a.therapistId, at: NOW });
        const rows = await db.select().from(patientEvents).where(eq(patientEvents.patientId, id));
        expect(rows.map((e) => e.clinicId)).toEqual([a.clinicId]);
      });
      await r.recordEvent({ patientId: b.patientId, action: 'update', actorUserId: a.therapistId, at: NOW });
      expect(await rowsOfBInA(patientEvents)).toEqual([]);
    }),
  }),
  patientRecord: cover(createPatientRecordRepository, {
    readAudited: crossClinic(async (r) => {
      const read = { actorUserId: a.therapistId, ip: null, now: new Date() };
      expect(await r.readAudited({ ...read, id: b.patientId })).toBeUndefined();
      expect((await r.readAudited({ ...read, id: a.patientId }))?.row.id).toBe(a.patientId);
    }),
  }),
  interactions: cover(createInteractionsRepository, {
    list: crossClinic(async (r) => {
      expect(await r.list(b.patientId, 1, 25)).toEqual({ rows: [], count: 0 });
      expect((await r.list(a.patientId, 1, 25)).count).toBe(1);
    }),
    findLive: crossClinic(async (r) => {
      expect(await r.findLive(b.patientId, (await callOf(b)).id)).toBeUndefined();
      expect((await r.findLive(a.patientId, (await callOf(a)).id))?.minutes).toBe(5);
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert({
        patientId: a.patientId,
        date: '2025-01-02',
        startedAt: new Date('2025-01-02T12:00:00Z'),
        minutes: 1,
        createdBy: a.therapistId,
      });
      try {
        expect(await repoOf(createInteractionsRepository, scopeA()).findLive(a.patientId, id)).toBeDefined();
        expect(await repoOf(createInteractionsRepository, scopeB()).findLive(a.patientId, id)).toBeUndefined();
      } finally {
        await db.delete(interactionLogs).where(eq(interactionLogs.id, id));
      }
      const theirs = { patientId: b.patientId, date: '2025-01-03', minutes: 1, createdBy: a.therapistId };
      await expect(r.insert({ ...theirs, startedAt: new Date('2025-01-03T12:00:00Z') })).rejects.toThrow(/patient/);
      expect(await rowsOfBInA(interactionLogs)).toEqual([]);
    }),
    setNotes: crossClinic(async (r) => {
      const call = await callOf(b);
      await r.setNotes(call.id, 'written from clinic A');
      expect((await repoOf(createInteractionsRepository, scopeB()).findLive(b.patientId, call.id))?.notes).not.toBe(
        'written from clinic A',
      );
    }),
    softDelete: crossClinic(async (r) => {
      const call = await callOf(b);
      await r.softDelete(call.id, a.therapistId, new Date());
      expect(await repoOf(createInteractionsRepository, scopeB()).findLive(b.patientId, call.id)).toBeDefined();
    }),
  }),
  clinicianTime: cover(createClinicianTimeRepository, {
    lockClinician: crossClinic(async (r) => {
      expect(await r.lockClinician(b.therapistId)).toBeUndefined();
      expect(await r.lockClinician(a.therapistId)).toBe(a.therapistId);
    }),
    firstOverlap: crossClinic(async (r) => {
      const [from, to] = [new Date(`${DAY}T11:00:00Z`), new Date(`${DAY}T13:00:00Z`)];
      expect(await r.firstOverlap(b.therapistId, from, to)).toBeUndefined();
      expect(await r.firstOverlap(a.therapistId, from, to)).toMatchObject({ kind: 'call', patientId: a.patientId });
    }),
    callCalendarOf: crossClinic(async (r) => {
      expect(await r.callCalendarOf(b.patientId)).toBeUndefined();
      expect((await r.callCalendarOf(a.patientId))?.episodeStartedAt).toEqual(NOW);
    }),
  }),
  contactStatus: cover(createContactStatusRepository, {
    of: crossClinic(async (repo) => {
      const statuses = await repo.of([b.patientId, a.patientId], NOW);
      expect([...statuses.keys()]).toEqual([a.patientId]);
      // In April A's patient has no call of clinic A: clinic B's stray call of them is not A's.
      const april = await repo.of([a.patientId], APRIL);
      expect(april.get(a.patientId)?.call_status).toMatchObject({ status: CALL_NOK, is_needed: true });
    }),
  }),
  icd10: cover(createIcd10Repository, {
    search: notClinicData('global reference data (ICD-10)'),
    find: notClinicData('global reference data (ICD-10)'),
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
  functionalData: cover(createFunctionalDataRepository, {
    seriesOf: crossClinic(async (r) => {
      expect(await r.seriesOf(b.patientId)).toEqual([]);
      expect((await r.seriesOf(a.patientId)).map((s) => s.name)).toEqual(['LEFS']);
    }),
    findSeries: crossClinic(async (r) => {
      expect(await r.findSeries(b.patientId, (await seededSeries(b)).series.id)).toBeNull();
      expect(await r.findSeries(a.patientId, (await seededSeries(a)).series.id)).not.toBeNull();
    }),
    findSeriesByName: crossClinic(async (r) => {
      expect(await r.findSeriesByName(b.patientId, 1, 'LEFS')).toBeNull();
      expect(await r.findSeriesByName(a.patientId, 1, 'lefs')).not.toBeNull();
    }),
    insertSeries: crossClinic(async (r) => {
      const series = await r.insertSeries({
        patientId: a.patientId,
        datatypeId: 1,
        name: 'LEFS again',
        unit: '',
        createdBy: a.therapistId,
      });
      try {
        expect(series.clinicId).toBe(a.clinicId);
        expect(await repoOf(createFunctionalDataRepository, scopeB()).findSeries(a.patientId, series.id)).toBeNull();
      } finally {
        await db.delete(functionalMeasures).where(eq(functionalMeasures.id, series.id));
      }
      const theirs = { patientId: b.patientId, datatypeId: 1, name: 'LEFS of B', unit: '', createdBy: a.therapistId };
      await expect(r.insertSeries(theirs)).rejects.toThrow(/patient/);
      expect(await rowsOfBInA(functionalMeasures)).toEqual([]);
    }),
    updateSeries: crossClinic(async (r) => {
      const { series } = await seededSeries(b);
      await r.updateSeries(series.id, { name: 'Renamed', unit: 'x' });
      const after = await repoOf(createFunctionalDataRepository, scopeB()).findSeries(b.patientId, series.id);
      expect(after).toMatchObject({ name: 'LEFS', unit: '' });
    }),
    entriesOf: crossClinic(async (r) => {
      const [ours, theirs] = [await seededSeries(a), await seededSeries(b)];
      const rows = await r.entriesOf([theirs.series.id, ours.series.id]);
      expect(rows.map((e) => e.id)).toEqual([ours.entry.id]);
    }),
    insertEntries: crossClinic(async (r) => {
      const entry = { date: '2026-03-01', answers: [2], score: 2, scoringVersion: '1', note: '' };
      const [ours, theirs] = [await seededSeries(a), await seededSeries(b)];
      expect(await r.insertEntries(theirs.series.id, [entry], a.therapistId, NOW)).toEqual([]);
      expect(await repoOf(createFunctionalDataRepository, scopeB()).entriesOf([theirs.series.id])).toHaveLength(1);
      const ids = await r.insertEntries(ours.series.id, [entry], a.therapistId, NOW);
      try {
        const rows = await db.select().from(functionalEntries).where(inArray(functionalEntries.id, ids));
        expect(rows.map((e) => [e.clinicId, e.patientId])).toEqual([[a.clinicId, a.patientId]]);
      } finally {
        await db.delete(functionalEntries).where(inArray(functionalEntries.id, ids));
      }
    }),
    updateEntry: crossClinic(async (r) => {
      const { series, entry } = await seededSeries(b);
      await r.updateEntry(entry.id, { date: DAY, answers: [4], score: 4, scoringVersion: '1', note: 'x' }, new Date());
      const [after] = await repoOf(createFunctionalDataRepository, scopeB()).entriesOf([series.id]);
      expect(after).toMatchObject({ score: 1, note: '' });
    }),
  }),
  progress: cover(createProgressRepository, {
    weekData: crossClinic(async (r) => {
      const reader = { action: 'progress.read' as const, actorUserId: a.therapistId, ip: null, detail: {} };
      const week = (patientId: number, audited?: typeof reader) =>
        r.weekData(patientId, '2026-03-01', '2026-03-07', new Date('2026-02-28'), new Date('2026-03-09'), audited);
      const none = { items: [], logs: [], metrics: [], functionalDays: [], audited: false };
      expect(await week(b.patientId)).toEqual(none);
      // Clinic B's patient is not read, and so not audited as read.
      expect(await week(b.patientId, reader)).toEqual(none);
      expect((await week(a.patientId, reader)).audited).toBe(true);
      const ours = await week(a.patientId);
      expect(ours.items.map((item) => item.id)).toContain(a.hepItemId);
      expect(ours.functionalDays).toContain(DAY);
      // Clinic B's stray item, exercise, reading and outcome entry of A's patient are none of A's week.
      expect(ours.items.map((item) => item.id)).not.toContain(strays.hepItemId);
      expect(ours.logs.map((log) => log.hepItemId)).not.toContain(strays.hepItemId);
      expect(ours.logs.map((log) => log.day)).not.toContain(strays.day);
      expect(ours.metrics.map((metric) => metric.day)).not.toContain(strays.day);
      expect(ours.functionalDays).not.toContain(strays.day);
    }),
    historySpan: crossClinic(async (r) => {
      expect(await r.historySpan(b.patientId)).toBeUndefined();
      // A's own open episode, whatever episodes of A's patient clinic B holds.
      expect((await r.historySpan(a.patientId))?.episode).toEqual({ startedAt: NOW, endedAt: null });
    }),
  }),
  patientApp: cover(createPatientAppRepository, {
    findPatientByPhone: crossClinic(async (r) => {
      expect(await r.findPatientByPhone(e164Of(2))).toBeUndefined();
      expect((await r.findPatientByPhone(e164Of(1)))?.id).toBe(a.patientId);
    }),
    findPatientIdOfUser: crossClinic(async (r) => {
      expect(await r.findPatientIdOfUser(b.patientUserId)).toBeUndefined();
      expect(await r.findPatientIdOfUser(a.patientUserId)).toBe(a.patientId);
    }),
    linkUser: crossClinic(async (r) => {
      // A patient of clinic B without an account: linking it from clinic A's scope changes nothing.
      await withScratchPatient(scopeB(), async (id) => {
        expect(await r.linkUser(id, a.patientUserId)).toBe(false);
        expect(await repoOf(createPatientAppRepository, scopeB()).findLinkedUserId(id)).toBeNull();
      });
    }),
    findLinkedUserId: crossClinic(async (r) => {
      expect(await r.findLinkedUserId(b.patientId)).toBeNull();
      expect(await r.findLinkedUserId(a.patientId)).toBe(a.patientUserId);
    }),
    profile: crossClinic(async (r) => {
      expect(await r.profile(b.patientId)).toBeUndefined();
      expect((await r.profile(a.patientId))?.clinicCode).toBe(a.clinicCode);
    }),
    insertReadings: crossClinic(async (r) => {
      const measuredAt = new Date('2026-03-01T10:00:00Z');
      const reading = { kind: 'steps', value: 10, measuredAt, localDate: '2026-03-01', source: 'manual' } as const;
      // Clinic B's patient, alone or in a batch with A's: nothing of the batch is stored.
      expect(await r.insertReadings([{ ...reading, patientId: b.patientId }])).toBe(0);
      const batch = [a.patientId, b.patientId].map((patientId) => ({ ...reading, patientId }));
      expect(await r.insertReadings(batch)).toBe(0);
      const either = and(
        inArray(healthMetrics.patientId, [a.patientId, b.patientId]),
        eq(healthMetrics.measuredAt, measuredAt),
      );
      expect(await db.select().from(healthMetrics).where(either)).toEqual([]);
      expect(await r.insertReadings([{ ...reading, patientId: a.patientId }])).toBe(1);
      const mine = and(eq(healthMetrics.patientId, a.patientId), eq(healthMetrics.measuredAt, measuredAt));
      try {
        expect((await db.select().from(healthMetrics).where(mine)).map((m) => m.clinicId)).toEqual([a.clinicId]);
      } finally {
        await db.delete(healthMetrics).where(mine);
      }
    }),
  }),
  referral: cover(createReferralRepository, {
    listBySender: crossClinic(async (r) => {
      const [ours] = [await referralsOf(a), await referralsOf(b)];
      expect(await r.listBySender(b.therapistId, 1, 25)).toEqual({ rows: [], count: 0 });
      expect((await r.listBySender(a.therapistId, 1, 25)).rows.map((row) => row.id)).toContain(ours.invited.id);
    }),
    holdSender: crossClinic(async (r) => {
      expect(await r.holdSender(b.therapistId)).toBe(false);
      expect(await r.holdSender(a.therapistId)).toBe(true);
    }),
    countSentSince: crossClinic(async (r) => {
      await Promise.all([referralsOf(a), referralsOf(b)]);
      const since = new Date('2026-03-01T00:00:00Z');
      expect(await r.countSentSince(b.therapistId, since)).toBe(0);
      expect(await r.countSentSince(a.therapistId, since)).toBe(2);
    }),
    senderOf: crossClinic(async (r) => {
      expect(await r.senderOf(b.therapistId)).toBeUndefined();
      expect((await r.senderOf(a.therapistId))?.clinicCode).toBe(a.clinicCode);
    }),
    insert: crossClinic(async (r) => {
      const row = await r.insert({
        senderId: a.therapistId,
        email: 'new-colleague@example.test',
        firstName: 'New',
        lastName: 'Colleague',
        codeHash: 'clinic-scope-referral-new',
        invitedAt: NOW,
        expiresAt: new Date('2026-04-01T00:00:00Z'),
      });
      try {
        expect(row?.clinicId).toBe(a.clinicId);
        expect(await repoOf(createReferralRepository, scopeB()).findByCodeHash('clinic-scope-referral-new')).toBe(
          undefined,
        );
      } finally {
        if (row) await db.delete(referrals).where(eq(referrals.id, row.id));
      }
    }),
    withdraw: crossClinic(async (r) => {
      const { invited } = await referralsOf(b);
      await r.withdraw(invited.id, new Date());
      expect(await referralById(invited.id)).toMatchObject({ status: 'invited', expiresAt: invited.expiresAt });
    }),
    findOpenFor: crossClinic(async (r) => {
      const [ours, theirs] = [await referralsOf(a), await referralsOf(b)];
      expect(await r.findOpenFor(theirs.invited.email)).toBeUndefined();
      expect((await r.findOpenFor(ours.invited.email))?.id).toBe(ours.invited.id);
    }),
    findByCodeHash: crossClinic(async (r) => {
      const [ours, theirs] = [await referralsOf(a), await referralsOf(b)];
      expect(await r.findByCodeHash(theirs.invited.codeHash)).toBeUndefined();
      expect((await r.findByCodeHash(ours.invited.codeHash))?.id).toBe(ours.invited.id);
    }),
    expireOpen: crossClinic(async (r) => {
      const { invited } = await referralsOf(b);
      // Long after it ran out: clinic B's invitation still holds its address.
      await r.expireOpen(invited.email, new Date('2027-01-01T00:00:00Z'));
      expect((await referralById(invited.id)).status).toBe('invited');
    }),
    markSignedUp: crossClinic(async (r) => {
      const { invited } = await referralsOf(b);
      expect(await r.markSignedUp(invited.id, a.pendingId, new Date())).toBeUndefined();
      expect(await referralById(invited.id)).toMatchObject({ status: 'invited', userId: null });
    }),
    markApproved: crossClinic(async (r) => {
      const { signedUp } = await referralsOf(b);
      expect(await r.markApproved(b.pendingId, new Date())).toEqual([]);
      expect((await referralById(signedUp.id)).status).toBe('signed_up');
    }),
  }),
};

/** Query functions of repository files that export functions over the database instead of a factory. */
export const patientsQueryFunctions: Record<string, Record<string, Entry<undefined>>> = {
  'patient-list': {
    listPatientRows: crossClinic(async () => {
      const query = patientListQuerySchema.parse({ search: SHARED_NAME, page_size: 100 });
      const rows = await listPatientRows(db, scopeA(), { query, now: NOW }, 100, 0);
      expect(rows.map((row) => [row.id, row.total])).toEqual([[a.patientId, 1]]);
      // Clinic B's stray rows of A's patient change none of A's filters. (The statement answers one row without a
      // patient when none matches.)
      const idsOf = async (filters: Record<string, string>, now: Date) =>
        (await listPatientRows(db, scopeA(), { query: patientListQuerySchema.parse(filters), now }, 100, 0))
          .map((row) => row.id)
          .filter((id) => id !== null);
      // No call of clinic A in April (B's stray call is in April).
      expect(await idsOf({ call: 'needed' }, APRIL)).toEqual([a.patientId]);
      // No data day of clinic A since 2 March (B's stray exercise, reading and outcome entry are of 5 March).
      expect(await idsOf({ data: 'quiet' }, new Date('2026-03-10T15:00:00Z'))).toEqual([a.patientId]);
      // A's episode begins on 2 March, so not quiet before (B's stray open episode begins in January).
      expect(await idsOf({ data: 'quiet' }, new Date('2026-02-20T15:00:00Z'))).toEqual([]);
    }),
  },
  icd10: {
    importIcd10: notClinicData('global reference data (ICD-10)'),
    loadBundledIcd10IfEmpty: notClinicData('global reference data (ICD-10)'),
  },
};
