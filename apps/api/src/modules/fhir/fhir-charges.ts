import { type BilledCodeRow, type BillingPatientRow, lastDayOfMonth } from '@rehabit/contract';
import { type FhirResource, fhirIds, ICD10CM, ref } from './fhir-mapping.ts';

// A closed month's billed codes as ChargeItems (decision 1450): one per line of the month's billing file, made from
// the very figures the file was made from, so an EMR receives what the clinic bills and nothing the rules did not
// count.

const CPT = 'http://www.ama-assn.org/go/cpt';
/** Where Rehabit says what stands behind a charge: the date of service, the data days, the minutes, a modifier. */
export const chargeExtensions = {
  dateOfService: 'urn:rehabit:fhir:rtm-date-of-service',
  dataDays: 'urn:rehabit:fhir:rtm-data-days',
  minutes: 'urn:rehabit:fhir:rtm-minutes',
  modifier: 'urn:rehabit:fhir:cpt-modifier',
} as const;

/** A patient's row of a closed month's filed figures, with when they were filed. */
export type FiledBillingRow = { month: string; filedAt: Date; row: BillingPatientRow };

/** The period a code's figures were counted over: its data days' window, or its calendar month. */
const periodOf = (month: string, code: BilledCodeRow) => ({
  start: code.window_start ?? `${month}-01`,
  end: code.window_end ?? lastDayOfMonth(month),
});

/** What stands behind the charge, in words, for the person reading the EMR. */
function basisOf(month: string, code: BilledCodeRow, callDates: string[]): string {
  const period = periodOf(month, code);
  const parts = [`Billed in Rehabit's filed figures of ${month}`];
  if (code.data_days !== null) parts.push(`${code.data_days} data days from ${period.start} to ${period.end}`);
  if (code.minutes !== null) {
    parts.push(`${code.minutes} minutes of the month`);
    if (callDates.length > 0) parts.push(`live calls on ${callDates.join(', ')}`);
  }
  return `${parts.join('; ')}.`;
}

export function mapChargeItem(clinicId: number, filed: FiledBillingRow, code: BilledCodeRow): FhirResource {
  const { row, month } = filed;
  const patient = fhirIds.patient(row.patient.id);
  return {
    resourceType: 'ChargeItem',
    id: fhirIds.charge(row.patient.id, code.code, code.date_of_service),
    extension: [
      { url: chargeExtensions.dateOfService, valueDate: code.date_of_service },
      ...(code.data_days !== null ? [{ url: chargeExtensions.dataDays, valueInteger: code.data_days }] : []),
      ...(code.minutes !== null ? [{ url: chargeExtensions.minutes, valueInteger: code.minutes }] : []),
      ...code.modifiers.map((modifier) => ({ url: chargeExtensions.modifier, valueCode: modifier })),
    ],
    status: 'billable',
    code: { coding: [{ system: CPT, code: code.code }] },
    subject: ref('Patient', patient),
    occurrencePeriod: periodOf(month, code),
    ...(row.therapist && { performer: [{ actor: ref('Practitioner', fhirIds.practitioner(row.therapist.id)) }] }),
    performingOrganization: ref('Organization', fhirIds.organization(clinicId)),
    quantity: { value: code.units },
    priceOverride: { value: code.expected_payment, currency: 'USD' },
    enteredDate: filed.filedAt.toISOString(),
    ...(row.diagnosis && { reason: [{ coding: [{ system: ICD10CM, code: row.diagnosis }] }] }),
    note: [{ text: basisOf(month, code, row.call_dates) }],
  };
}

/** Every billed code of the filed rows, in the billing file's order. */
export const chargeItemsOf = (clinicId: number, filed: FiledBillingRow[]): FhirResource[] =>
  filed.flatMap((f) => f.row.codes.map((code) => mapChargeItem(clinicId, f, code)));
