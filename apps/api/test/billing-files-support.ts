import type { BillingPatientRow } from '@rehabit/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { bearer } from './helpers.ts';

type Value = string | number | null;

/** Every row of one of the workbook's sheets (the first by default) as plain values, an empty cell as null, without trailing empties. */
export async function sheetRows(content: Buffer, sheetName?: string): Promise<Value[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = sheetName === undefined ? workbook.worksheets[0]! : workbook.getWorksheet(sheetName)!;
  const rows: Value[][] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    // exceljs answers a row as a sparse array from index 1: Array.from fills its holes.
    const values = Array.from((sheet.getRow(number).values as unknown[]).slice(1), (v) =>
      v === undefined || v === '' ? null : (v as Value),
    );
    while (values.length > 0 && values.at(-1) === null) values.pop();
    rows.push(values);
  }
  return rows;
}

/** The rows after the one whose first cell is `title`, up to the next empty row. */
export function tableAfter(rows: Value[][], title: string): Value[][] {
  const start = rows.findIndex((row) => row[0] === title);
  if (start < 0) throw new Error(`no row starting with ${title}`);
  const end = rows.findIndex((row, i) => i > start && row.length === 0);
  return rows.slice(start + 1, end < 0 ? undefined : end);
}

/**
 * The patients' rows a billing file must hold, written out from decision 0801's columns and the month's patients as
 * the API answers them: one per patient and code; call dates on the rows of management codes (those with minutes).
 */
export const expectedPatientRows = (patients: BillingPatientRow[]): Value[][] =>
  patients.flatMap((row) =>
    row.codes.map((code) => {
      const values: Value[] = [
        `${row.patient.last_name}, ${row.patient.first_name}`,
        row.patient.birthday,
        row.patient.id,
        row.diagnosis,
        code.code,
        code.units,
        code.modifiers.join(', '),
        code.date_of_service,
        code.window_start,
        code.window_end,
        code.data_days,
        code.minutes,
        code.minutes === null ? null : row.call_dates.join(', ') || null,
        row.therapist?.display_name ?? null,
        row.therapist?.npi ?? null,
        code.expected_payment,
      ];
      while (values.length > 0 && values.at(-1) === null) values.pop();
      return values;
    }),
  );

/** A staff member's own user as the portal answers it, for the billing badge. */
export async function badgeOf(app: FastifyInstance, token: string): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/users/', headers: bearer(token) });
  return res.json().results[0].is_new_billing_uploaded;
}

/** A small XLSX workbook as base64, as an admin's corrected file would arrive; `filler` cells make it bigger. */
export async function workbookBase64(title: string, filler: string[] = []): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Corrected');
  sheet.addRow([title]);
  for (const text of filler) sheet.addRow([text]);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}
