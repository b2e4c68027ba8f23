import { describe, expect, it } from 'vitest';
import {
  checkCsvFiles,
  invitationsSentText,
  parseInvitationCsv,
} from '../../../src/domain/csv-invitation';

const header = 'email,first_name,last_name,allotted_computers';
const csv = (...lines: string[]) => lines.join('\r\n');
const userLine = (i: number) => `user${i}@example.com,First,Last,1`;

describe('checkCsvFiles', () => {
  it.each([
    [[{ name: 'users.csv' }], null],
    [[{ name: 'USERS.CSV' }], null],
    [[{ name: 'a.csv' }, { name: 'b.csv' }], 'Only one file upload is allowed at a time'],
    [[], 'Please upload a valid CSV file'],
    [[{ name: 'users.xlsx' }], 'Please upload a valid CSV file'],
    [[{ name: 'users.csv.txt' }], 'Please upload a valid CSV file'],
  ])('%j -> %s', (files, expected) => {
    expect(checkCsvFiles(files)).toBe(expected);
  });
});

describe('parseInvitationCsv', () => {
  it('reads valid users with their spreadsheet row numbers', () => {
    const result = parseInvitationCsv(
      csv(header, ' ann@example.com , Ann , Lee ,3', '', 'bob@example.com,Bob,Ray,', ''),
    );
    expect(result).toEqual({
      ok: true,
      invitees: [
        {
          row: 2,
          email: 'ann@example.com',
          firstName: 'Ann',
          lastName: 'Lee',
          allottedComputers: 3,
        },
        // Row 3 is blank and skipped, but keeps its number.
        {
          row: 4,
          email: 'bob@example.com',
          firstName: 'Bob',
          lastName: 'Ray',
          allottedComputers: null,
        },
      ],
    });
  });

  it('matches header names without regard to case, spaces, BOM or column order', () => {
    const result = parseInvitationCsv(
      '\uFEFFLast Name;First-Name;EMAIL\nLee;Ann;ann@example.com\n',
    );
    expect(result).toEqual({
      ok: true,
      invitees: [
        {
          row: 2,
          email: 'ann@example.com',
          firstName: 'Ann',
          lastName: 'Lee',
          allottedComputers: null,
        },
      ],
    });
  });

  it('handles quoted cells', () => {
    const result = parseInvitationCsv(csv(header, '"ann@example.com","Mary Ann","Lee","2"'));
    expect(result.ok && result.invitees[0]?.firstName).toBe('Mary Ann');
  });

  it('reports every bad row with its row number and column', () => {
    const result = parseInvitationCsv(
      csv(
        header,
        'ann@example.com,Ann,Lee,1',
        'not-an-email,Bob,Ray,1',
        ',Carl3,,x',
        'ANN@example.com,Ann,Lee,1',
      ),
    );
    expect(result).toEqual({
      ok: false,
      message: 'Accounts could not be created. Check the user details in CSV file and try again.',
      issues: [
        { row: 3, column: 'email', message: 'Enter a valid email address' },
        { row: 4, column: 'email', message: 'Email cannot be blank' },
        { row: 4, column: 'first_name', message: 'First name can contain a-z, A-Z and space' },
        { row: 4, column: 'last_name', message: 'Last name cannot be blank' },
        {
          row: 4,
          column: 'allotted_computers',
          message: 'Allotted computers must be a whole number',
        },
        { row: 5, column: 'email', message: 'Email address already exists' },
      ],
    });
  });

  it('reports missing header columns on row 1', () => {
    const result = parseInvitationCsv(csv('email,name', 'ann@example.com,Ann'));
    expect(result).toEqual({
      ok: false,
      message: 'Please upload a valid CSV file',
      issues: [
        { row: 1, column: 'first_name', message: 'Please upload a valid CSV file' },
        { row: 1, column: 'last_name', message: 'Please upload a valid CSV file' },
      ],
    });
  });

  it.each([
    ['an empty file', ''],
    ['blank lines only', '\n\n  \n'],
    ['a header without users', header],
    ['an unclosed quote', csv(header, '"ann@example.com,Ann,Lee,1')],
  ])('refuses %s', (_name, text) => {
    const result = parseInvitationCsv(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe('Please upload a valid CSV file');
  });

  it('accepts exactly 500 users', () => {
    const lines = Array.from({ length: 500 }, (_, i) => userLine(i));
    const result = parseInvitationCsv(csv(header, ...lines));
    expect(result.ok && result.invitees.length).toBe(500);
    expect(result.ok && result.invitees.at(-1)?.row).toBe(501);
  });

  it('refuses 501 users before checking any row', () => {
    const lines = Array.from({ length: 501 }, (_, i) => (i === 0 ? 'bad,1,2,x' : userLine(i)));
    expect(parseInvitationCsv(csv(header, ...lines))).toEqual({
      ok: false,
      message: 'Should not allow more than 500 users at a time',
      issues: [{ row: null, message: 'Should not allow more than 500 users at a time' }],
    });
  });
});

describe('invitationsSentText', () => {
  it('keeps the spec’s sentence and says how many were sent', () => {
    expect(invitationsSentText(12)).toBe('Invitation sent successfully to 12 users');
    expect(invitationsSentText(1)).toBe('Invitation sent successfully to 1 user');
  });
});
