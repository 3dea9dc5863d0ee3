/** The dark modules of a QR symbol as one SVG path, one unit square per module. */
export function qrPath(matrix: { size: number; get: (row: number, col: number) => number }): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return parts.join('');
}
