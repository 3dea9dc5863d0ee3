import {
  daysBetween,
  type FunctionalSeries,
  type MeasureKey,
  type ProgressTrend,
  type ProgressTrendWeek,
} from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';
import { valueRange } from './metrics.ts';
import { weekName, weekOf } from './weeks.ts';

/** Where the patient's history begins: the latest episode's start, or the registration before any episode. */
export const historyStart = (trend: ProgressTrend) => trend.episode?.started ?? trend.registered;

/** A week with something to chart: exercises asked for, or a day of data. */
const hasData = (week: ProgressTrendWeek) => week.assigned > 0 || week.data_days > 0;
export const trendHasData = (trend: ProgressTrend) => trend.weeks.some(hasData);

/**
 * More than a week of history (eight days or more, to today or the episode's end) with something in it: then the
 * trend is what opens, since a single week holds a dot or two on its first days (decision 1140).
 */
export function hasHistory(trend: ProgressTrend) {
  const ended = trend.episode?.ended;
  const until = ended && ended < trend.today ? ended : trend.today;
  return daysBetween(historyStart(trend), until) >= 7 && trendHasData(trend);
}

const shortNames: Partial<Record<MeasureKey, string>> = {
  nprs: 'NPRS',
  psfs: 'PSFS',
  lefs: 'LEFS',
  quickdash: 'QuickDASH',
  odi: 'ODI',
  ndi: 'NDI',
  tug: 'TUG',
};
const suffixes: Partial<Record<MeasureKey, string>> = { odi: '%', quickdash: '%', rom: '°', tug: ' s' };

/** "LEFS 48", "Right knee flexion 112°": one outcome score, short enough for a chart's tooltip and a table cell. */
const scoreText = (series: FunctionalSeries, score: number) =>
  `${shortNames[series.key] ?? series.name} ${score}${suffixes[series.key] ?? ''}`;

/** An assessment day: the outcome scores recorded that day, numbered in date order as the chart marks them. */
export type OutcomeMark = { number: number; date: string; week: number; weekday: number; scores: string[] };

/** The days with outcome entries inside the trend's weeks, oldest first; entries outside them are not marked. */
export function outcomeMarks(trend: ProgressTrend, series: FunctionalSeries[]): OutcomeMark[] {
  const first = trend.weeks[0]!.week_start;
  const last = trend.weeks.at(-1)!.week_end;
  const byDate = new Map<string, string[]>();
  for (const one of series) {
    for (const entry of one.entries) {
      if (entry.date < first || entry.date > last) continue;
      byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), scoreText(one, entry.score)]);
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, scores], i) => {
      const offset = daysBetween(first, date);
      return { number: i + 1, date, week: Math.floor(offset / 7), weekday: offset % 7, scores };
    });
}

/** "Oct 3, 2026: NPRS 5, LEFS 48": one mark in words. */
export const markText = (mark: OutcomeMark) => `${formatDate(mark.date)}: ${mark.scores.join(', ')}`;

/** The measures the trend charts, each with its axis held inside the values it can take. */
export const trendMeasures = [
  { key: 'engagement', label: 'Engagement', unit: '%', range: valueRange('engagement') },
  { key: 'pain', label: 'Pain', unit: 'NPRS 0–10', range: valueRange('painlevel') },
  { key: 'steps', label: 'Steps', unit: 'a day', range: valueRange('steps') },
] as const;
export type TrendMeasure = (typeof trendMeasures)[number];

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "78%", "3.5", "6,400 a day", or "no data". */
export function trendValue(measure: TrendMeasure, value: number | null) {
  if (value === null) return 'no data';
  if (measure.key === 'engagement') return `${Math.round(value)}%`;
  return measure.key === 'steps' ? `${numberFormat.format(value)} a day` : numberFormat.format(value);
}

/**
 * The top of a measure's axis: its usual ceiling (100%, 10, 10,000 steps) or, for steps, the highest week rounded
 * up to the next 2,000 (so the axis's middle is a round number too), never past what the measure can take.
 */
export function axisMax(measure: TrendMeasure, weeks: ProgressTrendWeek[]) {
  if (measure.key !== 'steps') return measure.range[1];
  const highest = Math.max(0, ...weeks.map((w) => w.steps ?? 0));
  return Math.min(measure.range[1], Math.max(10_000, Math.ceil(highest / 2000) * 2000));
}

/** "Week of Nov 15, 2026: engagement 78%, pain 3.5, steps 6,400 a day; outcome measures: Nov 17, 2026: NPRS 5 (mark 2)". */
export function weekReadout(week: ProgressTrendWeek, marks: OutcomeMark[]) {
  const values = trendMeasures.map((m) => `${m.label.toLowerCase()} ${trendValue(m, week[m.key])}`).join(', ');
  const own = marks.filter((mark) => mark.date >= week.week_start && mark.date <= week.week_end);
  const outcomes = own.map((mark) => `${markText(mark)} (mark ${mark.number})`).join('; ');
  return `${weekName(week.week_start)}: ${values}${outcomes ? `; outcome measures: ${outcomes}` : ''}.`;
}

/** "from 45% in the week of Jul 19, 2026 to 78% in the week of Nov 22, 2026": the first and last week with data. */
function change(measure: TrendMeasure, weeks: ProgressTrendWeek[]) {
  const given = weeks.filter((w) => w[measure.key] !== null);
  const first = given[0];
  const last = given.at(-1);
  if (!first || !last) return `${measure.label}: no data.`;
  const name = (w: ProgressTrendWeek) => weekOf(w.week_start);
  if (first === last) return `${measure.label}: ${trendValue(measure, first[measure.key])} in the ${name(first)} only.`;
  return `${measure.label}: ${trendValue(measure, first[measure.key])} in the ${name(first)}, ${trendValue(measure, last[measure.key])} in the ${name(last)}.`;
}

/** The trend in words: its weeks, where each measure began and ended, and the outcome assessments marked. */
export function trendSummary(trend: ProgressTrend, marks: OutcomeMark[]) {
  const weeks = trend.weeks;
  const span = `${weekName(weeks[0]!.week_start)} to the ${weekOf(weeks.at(-1)!.week_start)}`;
  const count = weeks.length === 1 ? '1 week' : `${weeks.length} weeks`;
  const assessments =
    marks.length === 0
      ? 'No outcome measures were recorded in these weeks.'
      : marks.length === 1
        ? 'Outcome measures recorded on 1 day, marked 1.'
        : `Outcome measures recorded on ${marks.length} days, marked 1 to ${marks.length}.`;
  return [`${span} (${count}).`, ...trendMeasures.map((m) => change(m, weeks)), assessments].join(' ');
}
