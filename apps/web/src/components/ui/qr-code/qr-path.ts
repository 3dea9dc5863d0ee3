/** The dark modules of a QR symbol as one SVG path, one unit square per module; `get` takes column, then row. */
export function qrPath(symbol: { size: number; get: (x: number, y: number) => boolean }): string {
  const parts: string[] = [];
  for (let y = 0; y < symbol.size; y++) {
    for (let x = 0; x < symbol.size; x++) {
      if (symbol.get(x, y)) parts.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return parts.join('');
}
