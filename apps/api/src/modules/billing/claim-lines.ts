/**
 * A closed month's filed figures as professional claims' service lines (decision 1435): one line per patient and
 * billed code, in the order of the billing file, with what each line lacks for a claim. The CSV the clearinghouse
 * imports and the sign-off's list of gaps are both made from these lines.
 */
import {
  type BilledCodeRow,
  type BillingPatientRow,
  type ClaimField,
  claimFieldLabels,
  clinicClaimFields,
} from '@rehabit/contract';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';

/** The numbers a claim names the patient by that the filed figures do not hold, read from the patient now. */
export type PatientClaimIds = { mrn: string | null; memberId: string | null };

export type ClaimLine = {
  row: BillingPatientRow;
  code: BilledCodeRow;
  ids: PatientClaimIds;
  /** The fields this line lacks, the clinic's aside. */
  missing: ClaimField[];
};

const NO_IDS: PatientClaimIds = { mrn: null, memberId: null };

/** The fields of a line's own that a claim needs and the line lacks, in the order of `claimFields`. */
function lineGapsOf(row: BillingPatientRow, ids: PatientClaimIds): ClaimField[] {
  const lacks: Record<Exclude<ClaimField, (typeof clinicClaimFields)[number]>, boolean> = {
    patient_name: !row.patient.first_name || !row.patient.last_name,
    date_of_birth: !row.patient.birthday,
    member_id: !ids.memberId,
    icd10: !row.diagnosis,
    rendering_npi: !row.therapist?.npi,
  };
  return (Object.keys(lacks) as (keyof typeof lacks)[]).filter((field) => lacks[field]);
}

/** The clinic's fields a claim needs that it has not set: every line of the month lacks them. */
export const clinicGapsOf = (clinic: { npi: string | null; tin: string | null }): ClaimField[] =>
  clinicClaimFields.filter((field) => !(field === 'billing_npi' ? clinic.npi : clinic.tin));

/** The filed rows' service lines, line for line the billing file's patients' rows. */
export const claimLinesOf = (
  rows: readonly BillingPatientRow[],
  idsOf: ReadonlyMap<number, PatientClaimIds>,
): ClaimLine[] =>
  rows.flatMap((row) => {
    const ids = idsOf.get(row.patient.id) ?? NO_IDS;
    const missing = lineGapsOf(row, ids);
    return row.codes.map((code) => ({ row, code, ids, missing }));
  });

/** The columns of the claims CSV, in order (decision 1435). */
export const claimsCsvColumns = [
  'Patient last name',
  'Patient first name',
  'Patient date of birth',
  'Patient account number',
  'MRN',
  'Insurance member ID',
  'Diagnosis code 1 (ICD-10)',
  'Diagnosis pointer',
  'CPT',
  'Modifier 1',
  'Modifier 2',
  'Modifier 3',
  'Modifier 4',
  'Units',
  'Date of service',
  'Rendering provider NPI',
  'Billing provider NPI',
  'Billing provider TIN',
  'Charge',
  'Missing',
] as const;

const MAX_MODIFIERS = 4;

/** `YYYY-MM-DD` as `MM/DD/YYYY`, the date of claim forms and of clearinghouses' CSV imports (decision 1435). */
export const claimDateOf = (isoDate: string) =>
  isoDate ? `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}` : '';

/** An ICD-10 code as claims carry it, without its decimal point. */
export const claimDiagnosisOf = (code: string | null) => (code ?? '').replace('.', '');

/** The claims CSV of a closed month: a header row, then one row per service line; no total, no header block. */
export function claimsCsv(lines: readonly ClaimLine[], clinic: { npi: string | null; tin: string | null }): string {
  const clinicMissing = clinicGapsOf(clinic);
  const rows = lines.map(({ row, code, ids, missing }) => {
    const modifiers = Array.from({ length: MAX_MODIFIERS }, (_, i) => code.modifiers[i] ?? '');
    const lacks = [...missing, ...clinicMissing].map((field) => claimFieldLabels[field]);
    return [
      row.patient.last_name,
      row.patient.first_name,
      claimDateOf(row.patient.birthday),
      row.patient.id,
      ids.mrn ?? '',
      ids.memberId ?? '',
      claimDiagnosisOf(row.diagnosis),
      row.diagnosis ? 'A' : '',
      code.code,
      ...modifiers,
      code.units,
      claimDateOf(code.date_of_service),
      row.therapist?.npi ?? '',
      clinic.npi ?? '',
      clinic.tin ?? '',
      code.expected_payment.toFixed(2),
      lacks.join('; '),
    ];
  });
  return spreadsheetCsv([claimsCsvColumns, ...rows]);
}
