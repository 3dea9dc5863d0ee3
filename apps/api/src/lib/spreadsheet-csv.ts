import { stringify } from 'csv-stringify/sync';

type Cell = string | number | boolean | null | undefined;

/**
 * A CSV that spreadsheets open as meant: a byte-order mark so they read UTF-8, Windows line ends, and cells that
 * start like a formula (`=`, `+`, `-`, `@`) escaped so opening the file never runs one.
 */
export const spreadsheetCsv = (rows: readonly (readonly Cell[])[]): string =>
  stringify(rows as Cell[][], { bom: true, escape_formulas: true, record_delimiter: 'windows' });

/**
 * Text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a
 * leading apostrophe, as `spreadsheetCsv` does: a name typed as `=HYPERLINK(…)` stays a name, also once the sheet
 * is saved as CSV and opened again.
 */
export const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
