/**
 * CSV bulk invitation (spec sections 5 and 8): one file at a time, a header row naming the columns,
 * at most 500 users, every row checked with the same rules as the single-invite form.
 *
 * Columns (header names are matched without regard to case, spaces or hyphens):
 *   email (required), first_name (required), last_name (required),
 *   allotted_computers (optional; a whole number, blank for the default).
 * Row numbers are spreadsheet rows: the header is row 1, the first user row 2.
 */
import Papa from 'papaparse';
import { CSV_MAX_FILES, CSV_MAX_USERS } from './limits';
import { messages } from './messages';
import { cleanName, rules } from './rules';

export const csvColumns = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  allottedComputers: 'allotted_computers',
} as const;
export type CsvColumn = (typeof csvColumns)[keyof typeof csvColumns];

export const CSV_REQUIRED_COLUMNS: readonly CsvColumn[] = [
  csvColumns.email,
  csvColumns.firstName,
  csvColumns.lastName,
];

// Spellings seen in hand-made files; "alloted" is how the signup payload spells it.
const columnAliases: Readonly<Record<string, CsvColumn>> = {
  email_address: 'email',
  email_id: 'email',
  firstname: 'first_name',
  lastname: 'last_name',
  alloted_computers: 'allotted_computers',
};

export interface CsvInvitee {
  /** Spreadsheet row of this user (header = 1). */
  readonly row: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Null when the column is missing or the cell is blank. */
  readonly allottedComputers: number | null;
}

export interface CsvIssue {
  /** Spreadsheet row (header = 1); null for a problem with the file as a whole. */
  readonly row: number | null;
  readonly column?: CsvColumn;
  readonly message: string;
}

export type CsvInvitationResult =
  | { readonly ok: true; readonly invitees: readonly CsvInvitee[] }
  | {
      readonly ok: false;
      /** The text for the toast: a file-level message, or the summary when rows are wrong. */
      readonly message: string;
      readonly issues: readonly CsvIssue[];
    };

/** What a file input or drop gives (a browser File satisfies it). */
/** The spec's "Invitation sent successfully", saying to how many: "… to 12 users", "… to 1 user". */
export function invitationsSentText(count: number): string {
  return `${messages['invitation.sent']} to ${String(count)} ${count === 1 ? 'user' : 'users'}`;
}

export interface CsvFileLike {
  readonly name: string;
}

/** The file-level checks before reading: exactly one file, named *.csv. */
export function checkCsvFiles(files: readonly CsvFileLike[]): string | null {
  if (files.length > CSV_MAX_FILES) return messages['csv.one.file'];
  const [file] = files;
  // Browsers report CSV as text/csv, application/vnd.ms-excel or nothing, so the name decides.
  if (file === undefined || !/\.csv$/i.test(file.name.trim())) return messages['csv.invalid'];
  return null;
}

function normaliseHeader(cell: string): string {
  const name = cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return columnAliases[name] ?? name;
}

function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

const fileFailure = (message: string, issues: readonly CsvIssue[] = []): CsvInvitationResult => ({
  ok: false,
  message,
  issues: issues.length > 0 ? issues : [{ row: null, message }],
});

const WHOLE_NUMBER = /^\d+$/;

/** Parses and checks the text of one CSV file. */
export function parseInvitationCsv(text: string): CsvInvitationResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  // Quote errors make the file unreadable; a missing delimiter only means one column.
  const fatal = parsed.errors.filter((error) => error.type === 'Quotes');
  if (fatal.length > 0) {
    return fileFailure(
      messages['csv.invalid'],
      fatal.map((error) => ({ row: (error.row ?? 0) + 1, message: messages['csv.invalid'] })),
    );
  }

  // Record index + 1 is the spreadsheet row; blank records keep their number but are skipped.
  const records = parsed.data.map((record, index) => ({ row: index + 1, record }));
  const nonBlank = records.filter(({ record }) => !isBlankRecord(record));
  const [header, ...users] = nonBlank;
  if (header === undefined) return fileFailure(messages['csv.invalid']);

  const columnIndex = new Map<string, number>();
  header.record.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    if (!columnIndex.has(name)) columnIndex.set(name, index);
  });
  const missing = CSV_REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) {
    return fileFailure(
      messages['csv.invalid'],
      missing.map((column) => ({ row: header.row, column, message: messages['csv.invalid'] })),
    );
  }
  if (users.length === 0) return fileFailure(messages['csv.invalid']);
  if (users.length > CSV_MAX_USERS) return fileFailure(messages['csv.too.many.users']);

  const cell = (record: readonly string[], column: CsvColumn): string => {
    const index = columnIndex.get(column);
    return index === undefined ? '' : (record[index] ?? '').trim();
  };

  const invitees: CsvInvitee[] = [];
  const issues: CsvIssue[] = [];
  const seenEmails = new Set<string>();
  for (const { row, record } of users) {
    const email = cell(record, 'email');
    const firstName = cleanName(cell(record, 'first_name'));
    const lastName = cleanName(cell(record, 'last_name'));
    const allotted = cell(record, 'allotted_computers');
    const rowIssues: CsvIssue[] = [];
    const emailMessage = rules.email(email);
    if (emailMessage !== null) {
      rowIssues.push({ row, column: 'email', message: emailMessage });
    } else if (seenEmails.has(email.toLowerCase())) {
      rowIssues.push({ row, column: 'email', message: messages['email.exists'] });
    }
    const firstNameMessage = rules.firstName(firstName);
    if (firstNameMessage !== null) {
      rowIssues.push({ row, column: 'first_name', message: firstNameMessage });
    }
    const lastNameMessage = rules.lastName(lastName);
    if (lastNameMessage !== null) {
      rowIssues.push({ row, column: 'last_name', message: lastNameMessage });
    }
    if (allotted !== '' && !WHOLE_NUMBER.test(allotted)) {
      rowIssues.push({
        row,
        column: 'allotted_computers',
        message: messages['csv.allotted.computers.invalid'],
      });
    }
    seenEmails.add(email.toLowerCase());
    if (rowIssues.length > 0) {
      issues.push(...rowIssues);
      continue;
    }
    invitees.push({
      row,
      email,
      firstName,
      lastName,
      allottedComputers: allotted === '' ? null : Number(allotted),
    });
  }

  if (issues.length > 0) return { ok: false, message: messages['csv.accounts.failed'], issues };
  return { ok: true, invitees };
}
