import { correction, generate } from 'lean-qr';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path.ts';

describe('qrPath', () => {
  it('draws one unit square per dark module', () => {
    // Dark at column 1 of row 0 only: x is the column, y the row.
    const grid = [
      [false, true],
      [false, false],
    ];
    expect(qrPath({ size: 2, get: (x, y) => grid[y]![x]! })).toBe('M1 0h1v1h-1z');
  });

  it('draws a real symbol: the three finder patterns are dark at their corners', () => {
    const code = generate('https://rehabit.example/patient/signup?clinic=DEMO01', { minCorrectionLevel: correction.M });
    const path = qrPath(code);
    const last = code.size - 1;
    expect(path).toContain('M0 0h1v1h-1z');
    expect(path).toContain(`M${last} 0h1v1h-1z`);
    expect(path).toContain(`M0 ${last}h1v1h-1z`);
  });
});
