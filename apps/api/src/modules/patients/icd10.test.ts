import { describe, expect, it } from 'vitest';
import { dotted, parseIcd10File } from './icd10.repository.ts';

describe('ICD-10-CM release files', () => {
  it('reads our TSV, the CMS code list and the CMS order file (billable codes only)', () => {
    const tsv = 'code\tdescription\nM54.50\tLow back pain, unspecified\n';
    expect(parseIcd10File(tsv)).toEqual([{ code: 'M54.50', description: 'Low back pain, unspecified' }]);

    const codes = 'A000    Cholera due to Vibrio cholerae 01, biovar cholerae\nM5450   Low back pain, unspecified\n';
    expect(parseIcd10File(codes)).toEqual([
      { code: 'A00.0', description: 'Cholera due to Vibrio cholerae 01, biovar cholerae' },
      { code: 'M54.50', description: 'Low back pain, unspecified' },
    ]);

    const short = (s: string) => s.padEnd(60, ' ');
    const order = [
      `00001 A00     0 ${short('Cholera')} Cholera`,
      `00002 A000    1 ${short('Cholera due to Vibrio cholerae 01, biovar cholerae')} Cholera due to Vibrio cholerae 01, biovar cholerae`,
    ].join('\n');
    expect(parseIcd10File(order)).toEqual([
      { code: 'A00.0', description: 'Cholera due to Vibrio cholerae 01, biovar cholerae' },
    ]);
  });

  it.each([
    ['M5450', 'M54.50'],
    ['m54.50', 'M54.50'],
    ['Z471', 'Z47.1'],
    ['R52', 'R52'],
  ])('writes %s as %s', (input, expected) => {
    expect(dotted(input)).toBe(expected);
  });
});
