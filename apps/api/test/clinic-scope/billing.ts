import { expect } from 'vitest';
import { createBillingFilesRepository } from '../../src/modules/billing/billing-files.repository.ts';
import { createBillingInputsRepository } from '../../src/modules/billing/billing-inputs.repository.ts';
import { createBillingMonthRepository } from '../../src/modules/billing/billing-month.repository.ts';
import { createBillingRatesRepository } from '../../src/modules/billing/billing-rates.repository.ts';
import { createBillingSettingsRepository } from '../../src/modules/billing/billing-settings.repository.ts';
import { createBillingSignOffRepository } from '../../src/modules/billing/billing-sign-off.repository.ts';
import { createRtmStatusRepository } from '../../src/modules/billing/rtm-status.repository.ts';
import { createDashboardRepository } from '../../src/modules/dashboard/dashboard.repository.ts';
import {
  a,
  b,
  billingClinic,
  billingFilesClinic,
  billingSpan,
  byDesign,
  cover,
  crossClinic,
  DAY,
  guarded,
  own,
  requirePatient,
  scopeA,
  settingsClinic,
  signOffClinic,
  writesOnly,
} from './harness.ts';

export const billingRepositories = {
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
  rtmStatus: cover(createRtmStatusRepository, {
    clinicsWithOpenEpisodes: crossClinic(async (r) => {
      expect(await r.clinicsWithOpenEpisodes(scopeA())).toEqual([a.clinicId]);
    }),
  }),
  dashboard: cover(createDashboardRepository, {
    onboardedIn: crossClinic(async (r) => {
      const now = new Date('2026-03-20T15:00:00Z');
      expect((await r.onboardedIn(a.clinicId, null, now)).map((row) => row.id)).toEqual([a.patientId]);
      expect(await r.onboardedIn(a.clinicId, b.therapistId, now)).toEqual([]);
    }),
  }),
};
