import type { BillingPatientRow } from '@rehabit/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { claimLinesOf, claimsCsv, type PatientClaimIds } from './claim-lines.ts';

const clinic: { npi: string | null; tin: string | null } = { npi: '1234567893', tin: '12-3456789' };
const row: BillingPatientRow = {
  patient: { id: 7, first_name: 'Ana', last_name: 'Ruiz', birthday: '1950-02-28' },
  diagnosis: 'M25.561',
  codes: [
    {
      code: '98980',
      units: 1,
      date_of_service: '2026-01-31',
      window_start: null,
      window_end: null,
      data_days: null,
      data_day_sources: null,
      minutes: 25,
      modifiers: ['GP', 'CQ'],
      expected_payment: 43.05,
    },
  ],
  minutes: 25,
  call_dates: ['2026-01-12'],
  therapist: { id: 3, display_name: 'Tom Lee', npi: '1987654320' },
  expected_payment: 43.05,
};
const ids = new Map<number, PatientClaimIds>([[7, { mrn: 'A-1', memberId: '1EG4TE5MK73' }]]);

/** The CSV's one service line, by column name. */
function lineOf(rows: BillingPatientRow[], claimIds = ids, ofClinic = clinic) {
  const [header, line] = parse(claimsCsv(claimLinesOf(rows, claimIds), ofClinic), { bom: true }) as string[][];
  return Object.fromEntries(header!.map((name, i) => [name, line![i]]));
}

describe('a service line of the claims CSV', () => {
  it('carries a complete line as claims take it, lacking nothing', () => {
    expect(lineOf([row])).toEqual({
      'Patient last name': 'Ruiz',
      'Patient first name': 'Ana',
      'Patient date of birth': '02/28/1950',
      'Patient account number': '7',
      MRN: 'A-1',
      'Insurance member ID': '1EG4TE5MK73',
      'Diagnosis code 1 (ICD-10)': 'M25561',
      'Diagnosis pointer': 'A',
      CPT: '98980',
      'Modifier 1': 'GP',
      'Modifier 2': 'CQ',
      'Modifier 3': '',
      'Modifier 4': '',
      Units: '1',
      'Date of service': '01/31/2026',
      'Rendering provider NPI': '1987654320',
      'Billing provider NPI': '1234567893',
      'Billing provider TIN': '12-3456789',
      Charge: '43.05',
      Missing: '',
    });
  });

  it.each([
    ['patient name', { ...row, patient: { ...row.patient, last_name: '' } }, ids, clinic],
    ['date of birth', { ...row, patient: { ...row.patient, birthday: '' } }, ids, clinic],
    ['member ID', row, new Map<number, PatientClaimIds>([[7, { mrn: 'A-1', memberId: null }]]), clinic],
    ['member ID', row, new Map<number, PatientClaimIds>(), clinic],
    ['ICD-10', { ...row, diagnosis: null }, ids, clinic],
    ['rendering NPI', { ...row, therapist: null }, ids, clinic],
    ['rendering NPI', { ...row, therapist: { ...row.therapist!, npi: null } }, ids, clinic],
    ['billing NPI', row, ids, { ...clinic, npi: null }],
    ['TIN', row, ids, { ...clinic, tin: null }],
  ] as const)('names %s as missing when the line lacks it', (label, line, claimIds, ofClinic) => {
    expect(lineOf([line], claimIds, ofClinic).Missing).toBe(label);
  });

  it('names every gap of a line, the clinic’s last; no diagnosis, no pointer; the MRN is not a claim’s need', () => {
    const bare = { ...row, diagnosis: null, therapist: null };
    const line = lineOf([bare], new Map(), { npi: null, tin: null });
    expect(line.Missing).toBe('member ID; ICD-10; rendering NPI; billing NPI; TIN');
    expect(line['Diagnosis pointer']).toBe('');
    expect(lineOf([row], new Map<number, PatientClaimIds>([[7, { mrn: null, memberId: 'X1' }]])).Missing).toBe('');
  });

  it('makes one line per billed code, in the rows’ order', () => {
    const second = { ...row.codes[0]!, code: '98981' as const, units: 2 };
    const lines = claimLinesOf([{ ...row, codes: [row.codes[0]!, second] }], ids);
    expect(lines.map((line) => [line.code.code, line.code.units])).toEqual([
      ['98980', 1],
      ['98981', 2],
    ]);
  });
});
