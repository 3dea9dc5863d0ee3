import { daysBetween, type ProgressTrend, type ProgressTrendWeek, TREND_WEEKS } from '@rehabit/contract';
import { addDays, weekDays, weekStartOf } from '../../lib/calendar.ts';
import { buildProgress, type WeekData } from './progress.ts';

/**
 * The Sundays of the weeks a trend covers: from the week the history begins to the week it ends (today, or the end
 * of a closed episode), the last TREND_WEEKS at most.
 */
export function trendWeekStarts(begins: string, ends: string): string[] {
  const last = weekStartOf(ends);
  const first = weekStartOf(begins < ends ? begins : ends);
  const count = Math.min(TREND_WEEKS, daysBetween(first, last) / 7 + 1);
  return Array.from({ length: count }, (_, i) => addDays(last, -7 * (count - 1 - i)));
}

const inWeek = (day: string, start: string) => day >= start && day <= addDays(start, 6);

/**
 * One trend week is the week view's summary of the same week (the same rules, from `buildProgress`), so the two
 * never disagree; only steps are given per day, as a week's total would make a week begun today look idle.
 */
function trendWeek(start: string, input: { timezone: string; today: string; data: WeekData }): ProgressTrendWeek {
  const { data } = input;
  const week = buildProgress({
    patientId: 0,
    weeksAgo: daysBetween(start, weekStartOf(input.today)) / 7,
    timezone: input.timezone,
    today: input.today,
    days: weekDays(start),
    data: {
      items: data.items,
      logs: data.logs.filter((l) => inWeek(l.day, start)),
      metrics: data.metrics.filter((m) => inWeek(m.day, start)),
      functionalDays: data.functionalDays.filter((d) => inWeek(d, start)),
    },
    streak: 0,
  });
  const steps = week.days.map((d) => d.metrics.steps).filter((v) => v !== null);
  return {
    week_start: week.week_start,
    week_end: week.week_end,
    weeks_ago: week.weeks_ago,
    assigned: week.summary.assigned,
    done: week.summary.done,
    engagement: week.summary.engagement,
    pain: week.summary.metrics.painlevel,
    steps: steps.length === 0 ? null : Math.round(steps.reduce((a, b) => a + b, 0) / steps.length),
    data_days: week.summary.data_days,
  };
}

export function buildTrend(input: {
  patientId: number;
  timezone: string;
  today: string;
  episode: ProgressTrend['episode'];
  registered: string;
  weekStarts: string[];
  data: WeekData;
}): ProgressTrend {
  return {
    patient_id: input.patientId,
    timezone: input.timezone,
    today: input.today,
    episode: input.episode,
    registered: input.registered,
    weeks: input.weekStarts.map((start) => trendWeek(start, input)),
  };
}
