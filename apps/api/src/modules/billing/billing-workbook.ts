/**
 * A clinic's billing file of a month, the XLSX workbook a biller submits from (decision 0801). It is made
 * from the very `ClinicBillingMonth` the billing screen shows, so the two agree cell for cell: one row per patient
 * and code, then the totals per code; a second sheet lists each billed window's data days with their sources.
 */

import { paymentPerUnitRule } from '@rehabit/contract';
import ExcelJS from 'exceljs';
import { localDateTimeOf } from '../../lib/calendar.ts';
import { neutralised } from '../../lib/spreadsheet-csv.ts';
import { type ClinicBillingMonth, monthTotalsOf } from './billing-month.ts';
import { addDataDaysSheet } from './billing-workbook-data-days.ts';

/** The columns of the patients' rows, in order (decision 0801). */
export const billingFileColumns = [
  'Patient name',
  'Date of birth',
  'Patient ID',
  'ICD-10',
  'CPT',
  'Units',
  'Modifiers',
  'Date of service',
  'Window start',
  'Window end',
  'Data days',
  'Minutes',
  'Call dates',
  'Rendering therapist',
  'Rendering NPI',
  'Expected amount',
] as const;

/** How every amount of the file is reproduced to the cent (decision 1201). */
export const PAYMENT_RULE = `Expected amount = units × per unit; per unit = ${paymentPerUnitRule}.`;
export const DEMO_WATERMARK = 'DEMO — not for submission';
const DOLLARS = '"$"#,##0.00';
const widths = [26, 13, 11, 10, 8, 7, 10, 15, 13, 13, 10, 9, 26, 24, 14, 16];

export const billingFileName = (clinicCode: string, month: string) => `rehabit-billing-${clinicCode}-${month}.xlsx`;

type Cell = string | number | null;

/** The patients' rows: one per patient and billed code, in the month's order. */
function patientRows(month: ClinicBillingMonth): Cell[][] {
  return month.patients.flatMap((row) =>
    row.codes.map((code) => [
      neutralised(`${row.patient.last_name}, ${row.patient.first_name}`),
      row.patient.birthday,
      row.patient.id,
      neutralised(row.diagnosis ?? ''),
      code.code,
      code.units,
      code.modifiers.join(', '),
      code.date_of_service,
      code.window_start ?? '',
      code.window_end ?? '',
      code.data_days,
      code.minutes,
      // The live calls are what a management code needs; a device code's row leaves them out.
      code.minutes === null ? '' : row.call_dates.join(', '),
      neutralised(row.therapist?.display_name ?? ''),
      neutralised(row.therapist?.npi ?? ''),
      code.expected_payment,
    ]),
  );
}

/** The clinic, the month and whether it is final, above the table; the demo clinic's file says it is not real. */
function headerBlock(month: ClinicBillingMonth, options: { isDemo: boolean; generatedAt: Date }): Cell[][] {
  const { clinic } = month;
  return [
    [`RTM billing, ${neutralised(clinic.name)}`],
    ['Clinic code', clinic.code],
    ['NPI', neutralised(clinic.npi ?? '')],
    ['TIN', neutralised(clinic.tin ?? '')],
    ['Month', month.month],
    [
      'Status',
      month.isProvisional
        ? `Provisional: ${month.month} has not ended in ${clinic.timezone}; its figures are the data so far`
        : 'Final: the month has ended',
    ],
    ['Generated', localDateTimeOf(options.generatedAt, clinic.timezone)],
    ...(options.isDemo ? [[DEMO_WATERMARK]] : []),
  ];
}

/** The XLSX workbook of a clinic's month, as bytes. */
export async function billingWorkbook(
  month: ClinicBillingMonth,
  options: { isDemo: boolean; generatedAt: Date },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rehabit';
  workbook.created = options.generatedAt;
  workbook.modified = options.generatedAt;
  const sheet = workbook.addWorksheet(`Billing ${month.month}`);
  if (options.isDemo) {
    // Printed pages carry the watermark too.
    sheet.headerFooter.oddHeader = `&C&"-,Bold"${DEMO_WATERMARK}`;
    sheet.headerFooter.oddFooter = `&C${DEMO_WATERMARK}`;
  }
  sheet.columns = widths.map((width) => ({ width }));

  const header = headerBlock(month, options);
  sheet.addRows(header);
  sheet.getRow(1).font = { bold: true, size: 14 };
  if (options.isDemo) sheet.getRow(header.length).font = { bold: true, size: 14, color: { argb: 'FFC00000' } };
  sheet.addRow([]);

  const tableHeader = sheet.addRow([...billingFileColumns]);
  tableHeader.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: tableHeader.number }];
  for (const values of patientRows(month)) {
    sheet.addRow(values).getCell(billingFileColumns.length).numFmt = DOLLARS;
  }

  sheet.addRow([]);
  sheet.addRow(['Totals per code']).font = { bold: true };
  sheet.addRow(['CPT', 'Units', 'Rate', 'Per unit', 'Expected amount']).font = { bold: true };
  for (const total of month.codes) {
    const row = sheet.addRow([
      total.code,
      total.units,
      total.rateCents / 100,
      total.perUnitCents / 100,
      total.expectedCents / 100,
    ]);
    for (const cell of [3, 4, 5]) row.getCell(cell).numFmt = DOLLARS;
  }
  const totals = monthTotalsOf(month.codes);
  const all = sheet.addRow(['All codes', totals.units, null, null, totals.expectedCents / 100]);
  all.font = { bold: true };
  all.getCell(5).numFmt = DOLLARS;
  sheet.addRow([]);
  sheet.addRow([PAYMENT_RULE]);

  addDataDaysSheet(workbook, month);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
