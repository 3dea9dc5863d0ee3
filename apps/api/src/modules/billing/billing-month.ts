/**
 * A clinic's billing month: for each patient who bills, the codes the rules answer with their modifiers, minutes,
 * call dates, rendering therapist and expected payment, and the totals per code. The billing screen, the billing
 * file and the chart read it from here, so they agree cell for cell.
 */
import {
  type BilledCode,
  type BillingCode,
  type BillingPatientRow,
  billingCodes,
  billingMinutesOf,
  computeBillingUnits,
  dataDaySourcesOf,
  defaultBillingRates,
  dollarsOf,
  expectedPaymentCents,
  lastDayOfMonth,
  paymentPerUnitCents,
  ruleYearOf,
} from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import { localDateOf } from '../../lib/calendar.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { TxData } from '../data-access.ts';
import { createBillingInputs, type PatientBillingInput } from './billing-inputs.ts';
import { type ClinicRates, clinicRatesOf } from './billing-rates.ts';
import type { CodeTotal } from './billing-sign-off.repository.ts';

export type { CodeTotal };

/** A month's units and expected payment in all, from its totals per code. */
export const monthTotalsOf = (codes: readonly CodeTotal[]) => ({
  units: codes.reduce((n, code) => n + code.units, 0),
  expectedCents: codes.reduce((n, code) => n + code.expectedCents, 0),
});

export type ClinicBillingMonth = {
  clinic: { id: number; code: string; name: string; timezone: string; npi: string | null; tin: string | null };
  /** `YYYY-MM`, the clinic's calendar month. */
  month: string;
  /** The month has not ended yet in the clinic's timezone: its figures are the data so far. */
  isProvisional: boolean;
  codes: CodeTotal[];
  /** Sorted by last name, first name and id; money in dollars. */
  patients: BillingPatientRow[];
};

/** More than this share of a month's monitored time by therapist assistants adds CQ to its management codes. */
const ASSISTANT_SHARE_FOR_CQ = 0.1;
const managementCodes: readonly BillingCode[] = ['98979', '98980', '98981'];

type BilledPatient = { patient: PatientBillingInput; codes: (BilledCode & { cents: number })[] };

/** Each patient's codes of the month with their expected payment in cents; patients who bill nothing left out. */
export function billedPatientsOf(inputs: PatientBillingInput[], month: string, rates: ClinicRates): BilledPatient[] {
  return inputs
    .map((patient) => ({
      patient,
      codes: computeBillingUnits(patient.input, month).map((billed) => ({
        ...billed,
        cents: expectedPaymentCents(rates.rateOf(billed.code, billed.dateOfService) ?? 0, billed.units),
      })),
    }))
    .filter((billed) => billed.codes.length > 0);
}

/** Units and expected payment per code of the month's rule year, codes without units included. */
export function codeTotalsOf(billed: BilledPatient[], month: string, rates: ClinicRates): CodeTotal[] {
  const monthEnd = lastDayOfMonth(month);
  const yearRates = defaultBillingRates[ruleYearOf(monthEnd)];
  // In the order of the code list: object keys that look like numbers come out sorted, not as written.
  const codes = billingCodes.filter((code) => yearRates[code] !== undefined);
  return codes.map((code) => {
    const rows = billed.flatMap((b) => b.codes.filter((c) => c.code === code));
    const rateCents = rates.rateOf(code, monthEnd) ?? 0;
    return {
      code,
      units: rows.reduce((n, row) => n + row.units, 0),
      rateCents,
      perUnitCents: paymentPerUnitCents(rateCents),
      expectedCents: rows.reduce((n, row) => n + row.cents, 0),
    };
  });
}

/** The episode of a day (the latest one that started by then), for its therapist and diagnosis. */
const episodeOn = (patient: PatientBillingInput, day: string) =>
  patient.episodes.filter((e) => e.start <= day).at(-1) ?? patient.episodes[0];

/** The billing months read through a call's data access (decision 1345), each clinic's in its own scope. */
export function createBillingMonth(data: TxData, clock: Clock = systemClock) {
  const inputs = createBillingInputs(data);

  return {
    /** The month of a clinic its caller has found in its own scope (the billed clinic, the month-close job's). */
    async monthOfClinic({ clinicId, month }: { clinicId: number; month: string }): Promise<ClinicBillingMonth> {
      const clinicData = data.within(clinicScope(clinicId));
      const repo = clinicData.billingMonth;
      const clinic = await repo.clinicOf();
      if (!clinic) throw new Error(`No clinic ${clinicId}`);
      const monthEnd = lastDayOfMonth(month);
      const [rates, patientInputs] = await Promise.all([
        clinicRatesOf(clinicData),
        inputs.inputsOf({ clinicId, from: `${month}-01`, until: monthEnd }),
      ]);
      const billed = billedPatientsOf(patientInputs, month, rates);
      const { patientsById, staffById } = await repo.peopleOf(
        billed.map((b) => b.patient.patientId),
        [
          ...new Set(
            billed.flatMap((b) => [
              ...b.patient.episodes.map((e) => e.therapistId),
              ...b.patient.input.monitoredSessions.map((s) => Number(s.staff)),
            ]),
          ),
        ].filter((id): id is number => id !== null),
      );

      const rows = billed.map(({ patient, codes }): BillingPatientRow => {
        const sources = dataDaySourcesOf(patient.input);
        const sourcesOf = (start?: string, end?: string) =>
          start && end ? sources.filter((d) => d.day >= start && d.day <= end) : null;
        const person = patientsById.get(patient.patientId);
        const episode = episodeOn(patient, monthEnd);
        const therapist = episode?.therapistId ? staffById.get(episode.therapistId) : undefined;
        const inMonth = patient.input.monitoredSessions.filter((s) =>
          localDateOf(new Date(s.at), clinic.timezone).startsWith(month),
        );
        const seconds = inMonth.reduce((n, s) => n + s.seconds, 0);
        const byAssistants = inMonth
          .filter((s) => staffById.get(Number(s.staff))?.isAssistant)
          .reduce((n, s) => n + s.seconds, 0);
        const isAssisted = seconds > 0 && byAssistants / seconds > ASSISTANT_SHARE_FOR_CQ;
        return {
          patient: {
            id: patient.patientId,
            first_name: person?.firstName ?? '',
            last_name: person?.lastName ?? '',
            birthday: person?.birthday ?? '',
          },
          diagnosis: episode?.diagnosis ?? null,
          codes: codes.map((c) => ({
            code: c.code,
            units: c.units,
            date_of_service: c.dateOfService,
            window_start: c.windowStart ?? null,
            window_end: c.windowEnd ?? null,
            data_days: c.dataDays ?? null,
            data_day_sources: sourcesOf(c.windowStart, c.windowEnd),
            minutes: c.minutes ?? null,
            modifiers: isAssisted && managementCodes.includes(c.code) ? ['GP', 'CQ'] : ['GP'],
            expected_payment: dollarsOf(c.cents),
          })),
          minutes: billingMinutesOf(patient.input, month).minutes,
          call_dates: [...new Set(patient.calls.map((call) => call.date).filter((d) => d.startsWith(month)))].sort(),
          therapist: therapist ? { id: therapist.id, display_name: therapist.displayName, npi: therapist.npi } : null,
          expected_payment: dollarsOf(codes.reduce((n, c) => n + c.cents, 0)),
        };
      });
      rows.sort(
        (a, b) =>
          a.patient.last_name.localeCompare(b.patient.last_name) ||
          a.patient.first_name.localeCompare(b.patient.first_name) ||
          a.patient.id - b.patient.id,
      );
      return {
        clinic,
        month,
        isProvisional: localDateOf(clock.now(), clinic.timezone) <= monthEnd,
        codes: codeTotalsOf(billed, month, rates),
        patients: rows,
      };
    },
  };
}
