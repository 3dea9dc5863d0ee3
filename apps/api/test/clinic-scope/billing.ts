import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { clinics, users } from '../../src/db/schema.ts';
import { type ClinicScope, crossClinic as everyClinic } from '../../src/db/scope.ts';
import { createBillingFilesRepository } from '../../src/modules/billing/billing-files.repository.ts';
import { createBillingInputsRepository } from '../../src/modules/billing/billing-inputs.repository.ts';
import { createBillingMonthRepository } from '../../src/modules/billing/billing-month.repository.ts';
import { createBillingRatesRepository } from '../../src/modules/billing/billing-rates.repository.ts';
import { createBillingSettingsRepository } from '../../src/modules/billing/billing-settings.repository.ts';
import {
  type CodeTotal,
  createBillingSignOffRepository,
} from '../../src/modules/billing/billing-sign-off.repository.ts';
import { createRtmStatusRepository } from '../../src/modules/billing/rtm-status.repository.ts';
import { createDashboardRepository } from '../../src/modules/dashboard/dashboard.repository.ts';
import { a, b, billingSpan, cover, crossClinic, DAY, db, repoOf, type Seeded, scopeA, scopeB } from './harness.ts';

// ---------------------------------------------------------------------------------------------------------------
// A filed, closed and signed month in each clinic, and a rate of each clinic's own, made once for the entries below.

/** The month each clinic has closed, filed and signed. */
const FILED = '2026-02';
const RATE_YEAR = 2026;
const at = new Date('2026-03-01T12:00:00Z');
const codesOf = (units: number): CodeTotal[] => [
  { code: '98980', units, rateCents: 5000, perUnitCents: 4000, expectedCents: units * 4000 },
];

async function fileMonth(c: Seeded, scope: ClinicScope, units: number) {
  const files = repoOf(createBillingFilesRepository, scope);
  const content = new Uint8Array([80, 75, units]);
  const file = await files.insert({
    month: FILED,
    name: `${c.clinicCode}.xlsx`,
    content,
    source: 'generated',
    createdBy: null,
  });
  const signed = await files.insert({
    month: FILED,
    name: `${c.clinicCode}-signed.xlsx`,
    content,
    source: 'signed',
    createdBy: c.supervisorId,
  });
  const figures = { codes: codesOf(units), patients: [] };
  await files.closeMonth(FILED);
  await files.setClosedMonthFile(FILED, { fileId: file.id, figures, at });
  await repoOf(createBillingSignOffRepository, scope).insert({
    month: FILED,
    signedBy: c.supervisorId,
    signerName: `Supervisor ${c.clinicCode}`,
    signedAt: at,
    closedFileId: file.id,
    closedFileSha256: 'closed',
    signedFileId: signed.id,
    signedFileSha256: 'signed',
    figures,
  });
  await repoOf(createBillingSettingsRepository, scope).upsertRates(
    [{ year: RATE_YEAR, code: '98980', rateCents: 5000 + units }],
    { userId: c.supervisorId, at },
  );
  return { fileId: file.id, signedFileId: signed.id, fileName: file.name, units };
}

let filed: Promise<{ a: Awaited<ReturnType<typeof fileMonth>>; b: Awaited<ReturnType<typeof fileMonth>> }>;
/** Each clinic's filed month: clinic A's with one unit, clinic B's with two. */
const filedMonths = () => {
  filed ??= (async () => ({ a: await fileMonth(a, scopeA(), 1), b: await fileMonth(b, scopeB(), 2) }))();
  return filed;
};

const timezoneOfClinic = async (clinicId: number) =>
  (await db.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, clinicId)))[0]!.timezone;

const badgeOf = async (userIds: number[]) =>
  new Map(
    (
      await db.select({ id: users.id, badge: users.isNewBillingUploaded }).from(users).where(inArray(users.id, userIds))
    ).map((row) => [row.id, row.badge]),
  );

const staffOf = async (scope: ClinicScope, id: number) =>
  (await repoOf(createBillingSettingsRepository, scope).accountsOfClinic([id]))[0];

// ---------------------------------------------------------------------------------------------------------------

export const billingRepositories = {
  billingInputs: cover(createBillingInputsRepository, {
    timezoneOf: crossClinic(async (r) => {
      expect(await r.timezoneOf()).toBe(await timezoneOfClinic(a.clinicId));
      // A clinic's calendar is one clinic's: a cross-clinic scope has none.
      await expect(createBillingInputsRepository(db, everyClinic('scheduled job')).timezoneOf()).rejects.toThrow();
    }),
    spanOf: crossClinic(async (r) => {
      const patientsOf = (span: Awaited<ReturnType<typeof r.spanOf>>) => ({
        episodes: span.episodes.map((row) => row.patientId),
        sessions: span.sessions.map((row) => row.patientId),
        calls: span.calls.map((row) => row.patientId),
      });
      const only = (ids: number[]) => ({ episodes: ids, sessions: ids, calls: ids });
      // The whole clinic, then its patient by id: clinic A's rows only; clinic B's patient asked for by id: none.
      expect(patientsOf(await r.spanOf(billingSpan()))).toEqual(only([a.patientId]));
      expect(patientsOf(await r.spanOf(billingSpan([a.patientId])))).toEqual(only([a.patientId]));
      expect(patientsOf(await r.spanOf(billingSpan([b.patientId])))).toEqual(only([]));
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
      expect(await r.dataDaysFrom('UTC', from(a.patientId), '2026-03-03')).toMatchObject([{ patientId: a.patientId }]);
      expect(await r.dataDaysFrom('UTC', from(b.patientId), '2026-03-03')).toEqual([]);
    }),
  }),
  billingMonth: cover(createBillingMonthRepository, {
    clinicOf: crossClinic(async (r) => {
      expect(await r.clinicOf()).toMatchObject({ id: a.clinicId, code: a.clinicCode });
    }),
    claimIdsOf: crossClinic(async (r) => {
      // Clinic A's patient only, never clinic B's asked for by id.
      expect([...(await r.claimIdsOf([a.patientId, b.patientId])).keys()]).toEqual([a.patientId]);
    }),
    peopleOf: crossClinic(async (r) => {
      const { patientsById, staffById } = await r.peopleOf(
        [a.patientId, b.patientId],
        [a.therapistId, b.therapistId, b.supervisorId],
      );
      expect([...patientsById.keys()]).toEqual([a.patientId]);
      expect([...staffById.keys()]).toEqual([a.therapistId]);
    }),
  }),
  billingRates: cover(createBillingRatesRepository, {
    ownRates: crossClinic(async (r) => {
      await filedMonths();
      // Clinic A's own rate only, never clinic B's of the same year and code.
      expect(await r.ownRates()).toContainEqual({ year: RATE_YEAR, code: '98980', rateCents: 5001 });
      expect((await r.ownRates()).filter((rate) => rate.rateCents === 5002)).toEqual([]);
    }),
  }),
  billingSettings: cover(createBillingSettingsRepository, {
    lockClinic: crossClinic(async (r) => {
      expect(await db.transaction((tx) => createBillingSettingsRepository(tx, scopeA()).lockClinic())).toMatchObject({
        timezone: await timezoneOfClinic(a.clinicId),
      });
      expect((await r.lockClinic()).timezone).toBe(await timezoneOfClinic(a.clinicId));
    }),
    setClinicValues: crossClinic(async (r) => {
      const before = {
        a: await r.lockClinic(),
        b: await repoOf(createBillingSettingsRepository, scopeB()).lockClinic(),
      };
      await r.setClinicValues({ monitoringRateCents: 777 });
      expect((await r.lockClinic()).monitoringRateCents).toBe(777);
      expect(await repoOf(createBillingSettingsRepository, scopeB()).lockClinic()).toEqual(before.b);
      await r.setClinicValues({ monitoringRateCents: before.a.monitoringRateCents });
    }),
    renderingStaff: crossClinic(async (r) => {
      expect((await r.renderingStaff()).map((u) => u.id).sort()).toEqual([a.therapistId, a.supervisorId].sort());
    }),
    accountsOfClinic: crossClinic(async (r) => {
      const rows = await r.accountsOfClinic([b.therapistId, b.supervisorId, a.therapistId]);
      expect(rows.map((u) => u.id)).toEqual([a.therapistId]);
    }),
    updateStaff: crossClinic(async (r) => {
      const before = { a: (await staffOf(scopeA(), a.therapistId))!, b: await staffOf(scopeB(), b.therapistId) };
      await r.updateStaff(b.therapistId, { npi: '1999999999', isAssistant: true });
      expect(await staffOf(scopeB(), b.therapistId)).toEqual(before.b);
      await r.updateStaff(a.therapistId, { npi: '1999999999' });
      expect((await staffOf(scopeA(), a.therapistId))?.npi).toBe('1999999999');
      await r.updateStaff(a.therapistId, { npi: before.a.npi });
    }),
    upsertRates: crossClinic(async (r) => {
      await r.upsertRates([{ year: 2025, code: '98977', rateCents: 4321 }], { userId: a.supervisorId, at });
      const rateOf = (rates: { year: number; code: string; rateCents: number }[]) =>
        rates.find((rate) => rate.year === 2025 && rate.code === '98977')?.rateCents;
      expect(rateOf(await repoOf(createBillingRatesRepository, scopeA()).ownRates())).toBe(4321);
      expect(rateOf(await repoOf(createBillingRatesRepository, scopeB()).ownRates())).toBeUndefined();
    }),
  }),
  billingFiles: cover(createBillingFilesRepository, {
    lockMonth: crossClinic(async (r) => {
      await r.lockMonth(FILED);
      // Held until the transaction ends: clinic A's month, never clinic B's of the same name.
      const held = (clinicId: number) => sql`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory'
          and objid = ((hashtext(${`billing-month:${clinicId}:${FILED}`})::bigint & 4294967295)::text)::oid`;
      const counts = await db.transaction(async (tx) => {
        await createBillingFilesRepository(tx, scopeA()).lockMonth(FILED);
        const count = async (clinicId: number) =>
          ((await tx.execute(held(clinicId))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
        return { a: await count(a.clinicId), b: await count(b.clinicId) };
      });
      expect(counts).toEqual({ a: 1, b: 0 });
    }),
    newest: crossClinic(async (r) => {
      const files = await filedMonths();
      expect((await r.newest(FILED))?.id).toBe(files.a.signedFileId);
      expect(await r.newest('2026-04')).toBeUndefined();
    }),
    newestWithContent: crossClinic(async (r) => {
      const files = await filedMonths();
      const file = await r.newestWithContent(FILED);
      expect(file?.id).toBe(files.a.signedFileId);
      // PGlite answers a Uint8Array, node-postgres a Buffer: the bytes are what is compared.
      expect([...(file?.content ?? [])]).toEqual([80, 75, 1]);
    }),
    insert: crossClinic(async (r) => {
      const content = new Uint8Array([80, 75]);
      const file = await r.insert({ month: '2025-09', name: 'x.xlsx', content, source: 'uploaded', createdBy: null });
      expect((await repoOf(createBillingFilesRepository, scopeA()).newest('2025-09'))?.id).toBe(file.id);
      expect(await repoOf(createBillingFilesRepository, scopeB()).newest('2025-09')).toBeUndefined();
    }),
    closeMonth: crossClinic(async (r) => {
      // Clinic B's close of the month closes nothing of clinic A's, nor A's of B's.
      expect(await repoOf(createBillingFilesRepository, scopeB()).closeMonth('2025-08')).toBe(true);
      const bClose = await repoOf(createBillingSignOffRepository, scopeB()).closeOf('2025-08');
      expect(await r.closeMonth('2025-08')).toBe(true);
      expect(await r.closeMonth('2025-08')).toBe(false);
      expect(await repoOf(createBillingSignOffRepository, scopeA()).closeOf('2025-08')).toBeDefined();
      expect(await repoOf(createBillingSignOffRepository, scopeB()).closeOf('2025-08')).toEqual(bClose);
    }),
    setClosedMonthFile: crossClinic(async (r) => {
      const files = await filedMonths();
      const b0 = await repoOf(createBillingSignOffRepository, scopeB()).closeOf(FILED);
      const figures = { codes: codesOf(1), patients: [] };
      await r.setClosedMonthFile(FILED, { fileId: files.a.fileId, figures, at });
      expect(await repoOf(createBillingSignOffRepository, scopeA()).closeOf(FILED)).toMatchObject({
        fileId: files.a.fileId,
      });
      expect(await repoOf(createBillingSignOffRepository, scopeB()).closeOf(FILED)).toEqual(b0);
    }),
    raiseBadge: crossClinic(async (r) => {
      const staff = [a.therapistId, a.supervisorId, b.therapistId, b.supervisorId];
      await db.update(users).set({ isNewBillingUploaded: false }).where(inArray(users.id, staff));
      await r.raiseBadge();
      expect(Object.fromEntries(await badgeOf(staff))).toEqual({
        [a.therapistId]: true,
        [a.supervisorId]: true,
        [b.therapistId]: false,
        [b.supervisorId]: false,
      });
    }),
    timezoneOf: crossClinic(async (r) => {
      expect(await r.timezoneOf()).toBe(await timezoneOfClinic(a.clinicId));
    }),
    clinicsWithLastClose: crossClinic(async (r) => {
      await filedMonths();
      expect((await r.clinicsWithLastClose()).map((clinic) => clinic.id)).toEqual([a.clinicId]);
      // The month-close job's scope: every clinic.
      const every = await createBillingFilesRepository(db, everyClinic('scheduled job')).clinicsWithLastClose();
      expect(every.map((clinic) => clinic.id)).toEqual(expect.arrayContaining([a.clinicId, b.clinicId]));
    }),
  }),
  billingSignOff: cover(createBillingSignOffRepository, {
    find: crossClinic(async (r) => {
      await filedMonths();
      expect(await r.find(FILED)).toMatchObject({ clinicId: a.clinicId, signerName: `Supervisor ${a.clinicCode}` });
      expect(await r.find('2026-04')).toBeUndefined();
    }),
    frozenCodesOf: crossClinic(async (r) => {
      await filedMonths();
      expect(await r.frozenCodesOf([FILED])).toEqual([{ month: FILED, codes: codesOf(1) }]);
    }),
    insert: crossClinic(async (r) => {
      const files = await filedMonths();
      const signOff = {
        month: '2025-10',
        signedBy: a.supervisorId,
        signerName: 'Signer',
        signedAt: at,
        closedFileId: files.a.fileId,
        closedFileSha256: 'closed',
        signedFileId: files.a.signedFileId,
        signedFileSha256: 'signed',
        figures: { codes: codesOf(1), patients: [] },
      };
      expect(await r.insert(signOff)).toBe(true);
      expect(await repoOf(createBillingSignOffRepository, scopeA()).find('2025-10')).toMatchObject({
        clinicId: a.clinicId,
      });
      expect(await repoOf(createBillingSignOffRepository, scopeB()).find('2025-10')).toBeUndefined();
    }),
    closeOf: crossClinic(async (r) => {
      const files = await filedMonths();
      expect(await r.closeOf(FILED)).toMatchObject({ fileId: files.a.fileId });
      expect(await r.closeOf('2026-04')).toBeUndefined();
    }),
    fileName: crossClinic(async (r) => {
      const files = await filedMonths();
      expect(await r.fileName(files.b.fileId)).toBeUndefined();
      expect(await r.fileName(files.a.fileId)).toBe(files.a.fileName);
    }),
    staffName: crossClinic(async (r) => {
      expect(await r.staffName(b.supervisorId)).toBeUndefined();
      expect(await r.staffName(a.supervisorId)).toBeTruthy();
    }),
    callsChangedSince: crossClinic(async (r) => {
      const calls = await r.callsChangedSince({ first: '2026-03-01', last: '2026-03-31' }, new Date(0));
      expect(new Set(calls.map((call) => call.patient.id))).toEqual(new Set([a.patientId]));
    }),
    ratesChangedSince: crossClinic(async (r) => {
      await filedMonths();
      const rates = await r.ratesChangedSince(RATE_YEAR, new Date(0));
      expect(rates.map((rate) => rate.rateCents)).toEqual([5001]);
    }),
  }),
  rtmStatus: cover(createRtmStatusRepository, {
    clinicsWithOpenEpisodes: crossClinic(async (r) => {
      expect(await r.clinicsWithOpenEpisodes()).toEqual([a.clinicId]);
    }),
  }),
  dashboard: cover(createDashboardRepository, {
    onboardedIn: crossClinic(async (r) => {
      const now = new Date('2026-03-20T15:00:00Z');
      expect((await r.onboardedIn(null, now)).map((row) => row.id)).toEqual([a.patientId]);
      expect(await r.onboardedIn(b.therapistId, now)).toEqual([]);
    }),
  }),
};
