/**
 * The signed copy of a month's billing file (decision 1210): the file as closed, with one sheet added that states
 * the sign-off. A file cannot state its own checksum (writing it changes the bytes it sums), so the sheet states
 * the checksum of the closed file, which Rehabit keeps unchanged beside the copy; the copy's own checksum is kept
 * with the sign-off and shown on the Balances screen.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { localDateTimeOf } from '../../lib/calendar.ts';
import { neutralised } from '../../lib/spreadsheet-csv.ts';

export const SIGN_OFF_SHEET = 'Sign-off';

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type SignOffStatement = {
  month: string;
  signerName: string;
  signedAt: Date;
  timezone: string;
  closedFile: { name: string; sha256: string };
};

/** The sheet's rows: what was signed, by whom and when (the clinic's time, zone named), and how to check it. */
export const signOffRows = (s: SignOffStatement): string[][] => [
  [`Billing sign-off, ${s.month}`],
  ['Signed off by', neutralised(s.signerName)],
  ['Signed at', `${localDateTimeOf(s.signedAt, s.timezone)} (${s.timezone})`],
  ['File signed', s.closedFile.name],
  ['SHA-256 of the file signed', s.closedFile.sha256],
  [],
  [
    'This copy is the file signed with this sheet added. The checksum is of the file as it was signed, before this sheet was added; that file is kept unchanged.',
  ],
];

/** The closed file's workbook with the sign-off sheet added, as bytes. */
export async function signedCopyOf(closedFile: Uint8Array, statement: SignOffStatement): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type; Node's Buffer is what it reads.
  await workbook.xlsx.load(Buffer.from(closedFile) as unknown as ArrayBuffer);
  const sheet = workbook.addWorksheet(SIGN_OFF_SHEET);
  sheet.columns = [{ width: 28 }, { width: 70 }];
  sheet.addRows(signOffRows(statement));
  sheet.getRow(1).font = { bold: true, size: 14 };
  workbook.modified = statement.signedAt;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
