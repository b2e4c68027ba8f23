/**
 * The one CSV writer of every export, in the console and on the server. A cell a spreadsheet
 * would run as a formula (OWASP "CSV injection": text starting with `=`, `+`, `-`, `@`, tab or
 * carriage return) is written with a leading `'` so it shows as text. A stranger can plant such
 * text, e.g. as the User-Agent of a failed sign-in that the activity log then exports.
 *
 * papaparse's own `escapeFormulae: true` is not used as it is: its pattern (`^[=+\-@\t\r].*$`)
 * misses a formula followed by a line break in the same cell. A cell that is a plain number
 * (`-12.50`, `7.25%`) is kept as it is: a spreadsheet reads it as a number, never as a formula,
 * and money columns stay sortable.
 */
import Papa from 'papaparse';

export const FORMULA_START = /^(?!-?\d+(?:\.\d+)?%?$)[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** Rows as objects (columns: their order, or the first row's keys) or as arrays of cells. */
export function toCsv(
  rows: readonly Record<string, CsvCell>[] | readonly (readonly CsvCell[])[],
  options: { columns?: string[] } = {},
): string {
  return Papa.unparse(rows as unknown[], {
    ...options,
    escapeFormulae: FORMULA_START,
    newline: '\r\n',
  });
}
