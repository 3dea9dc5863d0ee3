import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path.ts';

describe('qrPath', () => {
  it('draws one unit square per dark module', () => {
    const grid = [
      [1, 0],
      [0, 1],
    ];
    expect(qrPath({ size: 2, get: (row, col) => grid[row]![col]! })).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  });

  it('draws a real symbol: the three finder patterns are dark at their corners', () => {
    const { modules } = create('https://rehabit.example/patient/signup?clinic=DEMO01', { errorCorrectionLevel: 'M' });
    const path = qrPath(modules);
    const last = modules.size - 1;
    expect(path).toContain('M0 0h1v1h-1z');
    expect(path).toContain(`M${last} 0h1v1h-1z`);
    expect(path).toContain(`M0 ${last}h1v1h-1z`);
  });
});
