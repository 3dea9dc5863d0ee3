import type { ChartMode, HealthMetricKind } from '@rehabit/contract';
import dayjs from 'dayjs';
import { type DayValue, formatNumber, formatValue, levelCounts, levelOf, metricInfo, statsOf } from './metrics.ts';
import { weekOf } from './weeks.ts';

export const weekday = (date: string) => dayjs(date).format('ddd');
const round1 = (value: number) => Math.round(value * 10) / 10;
/** A mean as a person would say it: whole steps, tenths of anything else. */
const typical = (kind: HealthMetricKind, mean: number) => (kind === 'steps' ? Math.round(mean) : round1(mean));

/**
 * Which figure a day's pain is: with several ratings that day, their average, beside the patient's latest rating,
 * which their Today shows as their pain today (decision 1231). One rating is both.
 */
const painSource = ({ pain }: DayValue) =>
  pain && pain.ratings > 1 && pain.latest !== null
    ? ` (average of ${pain.ratings} ratings; the patient's latest ${formatNumber(pain.latest)})`
    : '';

/** The chart in words, for screen readers and for anyone who prefers numbers to shapes. */
export function chartSummary(kind: HealthMetricKind, days: DayValue[], mode: ChartMode): string {
  const info = metricInfo[kind];
  const values = days.map((d) => d.value);
  const stats = statsOf(values);
  if (!stats) return `${info.label}: no data in the ${weekOf(days[0]?.date ?? '')}.`;
  if (mode === 'normalDistribution') {
    const spread = `mean ${formatValue(kind, typical(kind, stats.mean))}, standard deviation ${round1(stats.sd)}`;
    return `${info.label} across ${stats.count} ${stats.count === 1 ? 'day' : 'days'}: ${spread}; lowest ${formatValue(kind, stats.min)}, highest ${formatValue(kind, stats.max)}.`;
  }
  const perDay = days
    .map((d) => {
      if (d.value === null) return `${weekday(d.date)} no data`;
      const level = mode === 'level' ? ` (${levelOf(kind, d.value).name.toLowerCase()})` : '';
      return `${weekday(d.date)} ${formatValue(kind, d.value)}${level}${painSource(d)}`;
    })
    .join(', ');
  if (mode === 'level') {
    const counts = levelCounts(kind, values)
      .map((c) => `${c.days} ${c.level.name.toLowerCase()}`)
      .join(', ');
    return `${info.label} by day: ${perDay}. Days per level: ${counts}.`;
  }
  return `${info.label} by day: ${perDay}. Average ${formatValue(kind, typical(kind, stats.mean))}.`;
}

/** "Sun, Nov 15": a day of the week in tables. */
export const shortDay = (date: string) => dayjs(date).format('ddd, MMM D');
