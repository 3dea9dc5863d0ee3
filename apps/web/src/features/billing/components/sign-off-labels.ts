/** A change of a figure, from the signed value to the recomputed one: "25 → 45 (+20)", "$43.05 → $76.35 (+$33.30)". */
export function fromTo(before: number, after: number, format: (n: number) => string = String): string {
  const difference = Math.round((after - before) * 100) / 100;
  return `${format(before)} → ${format(after)} (${difference < 0 ? '−' : '+'}${format(Math.abs(difference))})`;
}
