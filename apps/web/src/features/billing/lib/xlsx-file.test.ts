import { describe, expect, it } from 'vitest';
import { base64OfBytes, bytesOfBase64, workbookName } from './xlsx-file.ts';

describe('billing workbooks as the API sends and takes them', () => {
  it('turns base64 into bytes and back, large files included', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);
    const text = base64OfBytes(bytes);
    expect(text).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect([...bytesOfBase64(text)]).toEqual([...bytes]);
    expect([...bytesOfBase64('UEsDBA==')]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('names a chosen file as the API accepts it', () => {
    expect(workbookName('March 2026 (fixed).xlsx')).toBe('March 2026 (fixed).xlsx');
    expect(workbookName('März/2026#2.XLSX')).toBe('M-rz-2026-2.xlsx');
    expect(workbookName('§§.xlsx')).toBe('-.xlsx');
    expect(workbookName(`${'a'.repeat(200)}.xlsx`)).toHaveLength(120);
  });
});
