import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/domain/csv';

/** The cells a spreadsheet would read back from the CSV text. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv).data;

describe('CSV exports neutralise formula cells (OWASP CSV injection)', () => {
  it.each([
    '=1+1',
    '+1+1',
    '-1+1',
    '@SUM(A1:A2)',
    '\t=1+1',
    '\r=1+1',
    '=HYPERLINK("http://evil.example","click")',
    '=1+1\nsecond line', // papaparse's own pattern misses a formula followed by a line break
    '-',
    '--1',
    '+',
  ])('%j is written as text with a leading quote', (value) => {
    const [header, row] = cellsOf(toCsv([{ Value: value }]));
    expect(header).toEqual(['Value']);
    expect(row).toEqual([`'${value}`]);
  });

  it.each(['plain', 'Signed in', '1+1', 'a=b', ' =1', 'name@example.com'])(
    '%j is kept as it is',
    (value) => {
      expect(cellsOf(toCsv([[value]]))[0]).toEqual([value]);
    },
  );

  it('keeps plain numbers as numbers, negative amounts and percentages included', () => {
    expect(toCsv([['-12.50', '7.25%', '-3', 42, -1.5]])).toBe('-12.50,7.25%,-3,42,-1.5');
  });

  it('uses CRLF line breaks and the given column order', () => {
    expect(toCsv([{ b: '2', a: '1' }], { columns: ['a', 'b'] })).toBe('a,b\r\n1,2');
  });
});
