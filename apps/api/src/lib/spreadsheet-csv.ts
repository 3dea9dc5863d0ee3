import { stringify } from 'csv-stringify/sync';

type Cell = string | number | boolean | null | undefined;

/**
 * A CSV that spreadsheets open as meant: a byte-order mark so they read UTF-8, Windows line ends, and cells that
 * start like a formula (`=`, `+`, `-`, `@`) escaped so opening the file never runs one.
 */
export const spreadsheetCsv = (rows: readonly (readonly Cell[])[]): string =>
  stringify(rows as Cell[][], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
