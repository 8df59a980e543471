import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from './csv.ts';
import { checkRange, windows } from './report-dates.ts';
import { firstZipEntry } from './zip-reader.ts';

describe('CSV report files', () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes, CRLF and a byte order mark', () => {
    const text = '\uFEFF"Name","Note"\r\n"Brand, exact","say ""hi"""\r\n"two\nlines",x\r\n';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Note'],
      ['Brand, exact', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
    expect(csvRecords(text)[0]).toEqual({ Name: 'Brand, exact', Note: 'say "hi"' });
  });
});

describe('zip report files', () => {
  it('opens the file inside, stored or deflated, past a folder entry; refuses what is not a zip', () => {
    const content = new TextEncoder().encode('a,b\n1,2\n');
    for (const level of [0, 6] as const) {
      const zip = zipSync({ 'report/': {}, 'report/r.csv': [content, { level }] });
      expect(firstZipEntry(Buffer.from(zip)).toString()).toBe('a,b\n1,2\n');
    }
    expect(() => firstZipEntry(Buffer.from(zipSync({})))).toThrow(/holds no file/);
    expect(() => firstZipEntry(Buffer.from('not a zip'))).toThrow();
  });
});

describe('report date ranges', () => {
  it('refuses bad dates, reversed ranges and ranges past the provider limit, saying what to do', () => {
    expect(() => checkRange('X', { start: '2024-02-30', end: '2024-03-01' }, 10)).toThrow(
      /YYYY-MM-DD/,
    );
    expect(() => checkRange('X', { start: '2024-03-02', end: '2024-03-01' }, 10)).toThrow(/Swap/);
    expect(() => checkRange('X', { start: '2024-03-01', end: '2024-03-11' }, 10)).toThrow(
      'X answers at most 10 days in one report; this range has 11. Pick a shorter range.',
    );
    expect(() => checkRange('X', { start: '2024-03-01', end: '2024-03-10' }, 10)).not.toThrow();
  });

  it('cuts a range into provider-sized windows', () => {
    expect(windows({ start: '2024-02-27', end: '2024-03-05' }, 3)).toEqual([
      { start: '2024-02-27', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-03' },
      { start: '2024-03-04', end: '2024-03-05' },
    ]);
  });
});
