/**
 * The billing file's "Data days" sheet: every data day of each billed 30-day window, with what the patient sent on
 * it, so an auditor can check any day behind a device or set-up code at its source (decision 1200).
 */
import { type DataDayKind, dataDayKindNames } from '@rehabit/contract';
import type ExcelJS from 'exceljs';
import { neutralised } from '../../lib/spreadsheet-csv.ts';
import type { ClinicBillingMonth } from './billing-month.ts';

export const dataDaysColumns = [
  'Patient name',
  'Patient ID',
  'CPT',
  'Window start',
  'Window end',
  'Data day',
  'Sent by the patient',
] as const;

/** One row per patient, window and data day; the window's codes (set-up and device share a window) in one cell. */
export function dataDayRows(month: ClinicBillingMonth): (string | number)[][] {
  return month.patients.flatMap((row) => {
    const windows = new Map<string, { codes: string[]; days: { day: string; kinds: DataDayKind[] }[] }>();
    for (const code of row.codes) {
      if (!code.window_start || !code.window_end || !code.data_day_sources) continue;
      const key = `${code.window_start} ${code.window_end}`;
      const window = windows.get(key) ?? { codes: [], days: code.data_day_sources };
      window.codes.push(code.code);
      windows.set(key, window);
    }
    const name = neutralised(`${row.patient.last_name}, ${row.patient.first_name}`);
    return [...windows].flatMap(([key, window]) => {
      const [start, end] = key.split(' ') as [string, string];
      return window.days.map((d) => [
        name,
        row.patient.id,
        window.codes.join(', '),
        start,
        end,
        d.day,
        d.kinds.map((kind) => dataDayKindNames[kind]).join(', '),
      ]);
    });
  });
}

export function addDataDaysSheet(workbook: ExcelJS.Workbook, month: ClinicBillingMonth) {
  const sheet = workbook.addWorksheet('Data days');
  sheet.columns = [26, 11, 14, 13, 13, 12, 40].map((width) => ({ width }));
  sheet.addRow([
    'Each data day of the billed windows: a day in the clinic’s calendar on which the patient sent data. Entries made by staff never count.',
  ]);
  sheet.addRow([]);
  const header = sheet.addRow([...dataDaysColumns]);
  header.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  sheet.addRows(dataDayRows(month));
}
