/** A change of a figure, from the filed value to the recomputed one: "25 → 45 (+20)", "$43.05 → $76.35 (+$33.30)". */
export function fromTo(before: number, after: number, format: (n: number) => string = String): string {
  const difference = Math.round((after - before) * 100) / 100;
  return `${format(before)} → ${format(after)} (${difference < 0 ? '−' : '+'}${format(Math.abs(difference))})`;
}

/** "Filed: 28 min · 45 min now": a closed month's filed figure first, then the figure recomputed now. */
export const filedAndNow = (filed: string, now: string) => `Filed: ${filed} · ${now} now`;
