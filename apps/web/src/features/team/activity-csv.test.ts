import { describe, expect, it } from 'vitest';
import { csvCell } from '../../lib/csv.ts';
import { activityCsv } from './activity-csv.ts';
import { entry } from './test/team-fixtures.ts';

describe('activity CSV', () => {
  it('leaves plain text alone and quotes cells with quotes, commas or line breaks', () => {
    expect(csvCell('Invited ana@agency.com as Admin')).toBe('Invited ana@agency.com as Admin');
    expect(csvCell('Renamed "Acme", then "Acme 2"')).toBe('"Renamed ""Acme"", then ""Acme 2"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('turns anything a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.test"",""x"")"',
    );
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('writes time, person, acting admin, action and summary, one CRLF line each', () => {
    const csv = activityCsv([
      entry('2', {
        at: '2026-11-21T10:00:00.000Z',
        action: 'role.create',
        summary: 'Created the role "Analyst, senior"',
        actingAdmin: { email: 'ops@platform.test' },
      }),
      entry('1', {
        at: '2026-11-20T09:00:00.000Z',
        actor: null,
        action: 'future.thing',
        summary: '=cmd',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Time (UTC),Person,Acting admin,Action,Summary',
      '2026-11-21T10:00:00.000Z,Ann Lee <ann@acme.test>,ops@platform.test,Created a role,"Created the role ""Analyst, senior"""',
      "2026-11-20T09:00:00.000Z,,,future.thing,'=cmd",
      '',
    ]);
  });
});
