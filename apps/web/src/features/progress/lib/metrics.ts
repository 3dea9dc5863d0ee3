import { type HealthMetricKind, healthMetricRules, type Progress, type ProgressDay } from '@rehabit/contract';

export type Level = { name: string; tone: 'good' | 'mid' | 'bad'; min: number };
export type MetricInfo = { label: string; unit: string; max: number; levels: Level[] };

/**
 * What each kind is called, its unit and chart ceiling, and the levels of the level mode and view (decision 0420).
 * Levels are listed from the lowest value up; a value belongs to the last level whose `min` it reaches.
 */
export const metricInfo: Record<HealthMetricKind, MetricInfo> = {
  engagement: {
    label: 'Engagement',
    unit: '%',
    max: 100,
    levels: [
      { name: 'Low', tone: 'bad', min: 0 },
      { name: 'Medium', tone: 'mid', min: 50 },
      { name: 'High', tone: 'good', min: 80 },
    ],
  },
  painlevel: {
    label: 'Pain',
    unit: 'NPRS 0–10',
    max: 10,
    levels: [
      { name: 'Mild', tone: 'good', min: 0 },
      { name: 'Moderate', tone: 'mid', min: 4 },
      { name: 'Severe', tone: 'bad', min: 7 },
    ],
  },
  steps: {
    label: 'Steps',
    unit: 'steps',
    max: 10_000,
    levels: [
      { name: 'Low', tone: 'bad', min: 0 },
      { name: 'Moderate', tone: 'mid', min: 2_500 },
      { name: 'Active', tone: 'good', min: 7_500 },
    ],
  },
  distance: {
    label: 'Distance',
    unit: healthMetricRules.distance.unit,
    max: 5_000,
    levels: [
      { name: 'Short', tone: 'bad', min: 0 },
      { name: 'Moderate', tone: 'mid', min: 1_000 },
      { name: 'Long', tone: 'good', min: 4_000 },
    ],
  },
  heart_rate: {
    label: 'Heart rate',
    unit: healthMetricRules.heart_rate.unit,
    max: 160,
    levels: [
      { name: 'Low', tone: 'mid', min: 0 },
      { name: 'Normal', tone: 'good', min: 60 },
      { name: 'High', tone: 'bad', min: 101 },
    ],
  },
  blood_glucose: {
    label: 'Blood glucose',
    unit: healthMetricRules.blood_glucose.unit,
    max: 250,
    levels: [
      { name: 'Low', tone: 'bad', min: 0 },
      { name: 'In range', tone: 'good', min: 70 },
      { name: 'High', tone: 'bad', min: 181 },
    ],
  },
  blood_oxygen: {
    label: 'Blood oxygen',
    unit: healthMetricRules.blood_oxygen.unit,
    max: 100,
    levels: [
      { name: 'Low', tone: 'bad', min: 0 },
      { name: 'Borderline', tone: 'mid', min: 90 },
      { name: 'Normal', tone: 'good', min: 95 },
    ],
  },
  blood_pressure_systolic: {
    label: 'Blood pressure, systolic',
    unit: healthMetricRules.blood_pressure_systolic.unit,
    max: 200,
    levels: [
      { name: 'Normal', tone: 'good', min: 0 },
      { name: 'Elevated', tone: 'mid', min: 120 },
      { name: 'High', tone: 'bad', min: 140 },
    ],
  },
  blood_pressure_diastolic: {
    label: 'Blood pressure, diastolic',
    unit: healthMetricRules.blood_pressure_diastolic.unit,
    max: 130,
    levels: [
      { name: 'Normal', tone: 'good', min: 0 },
      { name: 'Elevated', tone: 'mid', min: 80 },
      { name: 'High', tone: 'bad', min: 90 },
    ],
  },
};

/**
 * The values a kind can take: a percentage for engagement, the range the API accepts for the rest. No chart axis
 * runs outside it, whatever a fitted curve or a margin would ask for.
 */
export const valueRange = (kind: HealthMetricKind): [number, number] =>
  kind === 'engagement' ? [0, 100] : [healthMetricRules[kind].min, healthMetricRules[kind].max];

/** A value held inside its kind's range. */
export const clampTo = (kind: HealthMetricKind, value: number) => {
  const [min, max] = valueRange(kind);
  return Math.min(max, Math.max(min, value));
};

/** Engagement, pain and steps are always charted; the other kinds once the week has a value of theirs. */
export const alwaysCharted: HealthMetricKind[] = ['engagement', 'painlevel', 'steps'];
export const otherKinds: HealthMetricKind[] = [
  'distance',
  'heart_rate',
  'blood_pressure_systolic',
  'blood_pressure_diastolic',
  'blood_oxygen',
  'blood_glucose',
];

export function chartedKinds(progress: Progress): HealthMetricKind[] {
  return [...alwaysCharted, ...otherKinds.filter((kind) => progress.days.some((day) => day.metrics[kind] !== null))];
}

export const levelOf = (kind: HealthMetricKind, value: number): Level => {
  const levels = metricInfo[kind].levels;
  return [...levels].reverse().find((level) => value >= level.min) ?? (levels[0] as Level);
};

/** A day's value of one kind; for pain, also how many ratings it averages and the latest of them (decision 1231). */
export type DayValue = { date: string; value: number | null; pain?: ProgressDay['pain'] };

export const dayValues = (progress: Progress, kind: HealthMetricKind): DayValue[] =>
  progress.days.map((day) => ({
    date: day.date,
    value: day.metrics[kind],
    ...(kind === 'painlevel' && { pain: day.pain }),
  }));

export type Stats = { count: number; mean: number; sd: number; min: number; max: number };

/** Mean and (population) standard deviation of the week's daily values; null without any. */
export function statsOf(values: (number | null)[]): Stats | null {
  const given = values.filter((v): v is number => v !== null);
  if (given.length === 0) return null;
  const mean = given.reduce((a, b) => a + b, 0) / given.length;
  const sd = Math.sqrt(given.reduce((a, b) => a + (b - mean) ** 2, 0) / given.length);
  return { count: given.length, mean, sd, min: Math.min(...given), max: Math.max(...given) };
}

/**
 * The week's average of a kind. The summary adds steps and distance up over the week (the contract's `daily: 'sum'`);
 * for those the average is of the days that have data, as the chart's words give it, in whole steps.
 */
export function weekAverage(progress: Progress, kind: HealthMetricKind): number | null {
  const rule = kind === 'engagement' ? undefined : healthMetricRules[kind];
  if (rule?.daily !== 'sum') return progress.summary.metrics[kind];
  const stats = statsOf(dayValues(progress, kind).map((d) => d.value));
  if (!stats) return null;
  return rule.integer ? Math.round(stats.mean) : stats.mean;
}

/** Days of the week at each level of a kind, for the level view. */
export function levelCounts(kind: HealthMetricKind, values: (number | null)[]) {
  return metricInfo[kind].levels.map((level) => ({
    level,
    days: values.filter((v) => v !== null && levelOf(kind, v) === level).length,
  }));
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const formatNumber = (value: number) => numberFormat.format(value);
export const formatValue = (kind: HealthMetricKind, value: number | null) =>
  value === null
    ? 'no data'
    : `${numberFormat.format(value)}${kind === 'engagement' ? '%' : ` ${metricInfo[kind].unit}`}`;
