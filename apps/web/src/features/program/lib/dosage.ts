import type { HepDosage } from '@rehabit/contract';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The dosage as a therapist reads it: "3 sets × 10 reps · hold 5 s · 2× a day · 5 days a week". */
export function dosageText(item: Omit<HepDosage, 'description'>): string {
  const parts = [`${plural(item.sets, 'set')} × ${plural(item.reps, 'rep')}`];
  if (item.hold_seconds > 0) parts.push(`hold ${item.hold_seconds} s`);
  parts.push(`${item.times_per_day}× a day`);
  parts.push(item.days_per_week === 7 ? 'every day' : `${plural(item.days_per_week, 'day')} a week`);
  return parts.join(' · ');
}
