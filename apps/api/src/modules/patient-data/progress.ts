import {
  dataDayMetricKinds,
  type HealthMetricKind,
  healthMetricKinds,
  healthMetricRules,
  type MetricValues,
  type Progress,
  type ProgressDay,
} from '@rehabit/contract';
import { localDateOf } from '../../lib/calendar.ts';
import type { WeekItem as Item, MetricGroup, WeekData } from './progress.repository.ts';

export type { WeekData };

const percent = (done: number, assigned: number) => (assigned === 0 ? null : Math.round((done / assigned) * 100));
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * An item is in force on a day when it was created by the day's end and not deleted before the day began, both
 * in the clinic's timezone. Deleted items stay in past weeks; today's changes count today.
 */
const inForce = (item: Item, day: string, timezone: string) =>
  localDateOf(item.createdAt, timezone) <= day &&
  (item.deletedAt === null || localDateOf(item.deletedAt, timezone) >= day);

/** Daily (or weekly) value of one kind: steps and distance add up, the rest are averages of the readings. */
function dailyValue(kind: Exclude<HealthMetricKind, 'engagement'>, groups: MetricGroup[]) {
  const own = groups.filter((g) => g.kind === kind);
  const n = own.reduce((a, g) => a + g.n, 0);
  if (n === 0) return null;
  const sum = own.reduce((a, g) => a + g.sum, 0);
  return round(healthMetricRules[kind].daily === 'sum' ? sum : sum / n);
}

function metricValues(groups: MetricGroup[], engagement: number | null): MetricValues {
  const values = Object.fromEntries(
    healthMetricKinds.map((kind) => [kind, kind === 'engagement' ? engagement : dailyValue(kind, groups)]),
  );
  return values as MetricValues;
}

/**
 * One Sunday–Saturday week of a patient. Assigned = the times a day of the items in force; done = per item at most
 * its times a day, so extra sessions never lift engagement over 100%. Days after today are assigned nothing.
 * Pain comes from the pain readings alone: a pain given with an exercise is stored as a reading too.
 */
export function buildProgress(input: {
  patientId: number;
  weeksAgo: number;
  timezone: string;
  today: string;
  days: string[];
  data: WeekData;
  streak: number;
}): Progress {
  const { timezone, today, days, data } = input;
  const perItem = new Map<number, { assigned: number; done: number }>();
  const progressDays: ProgressDay[] = days.map((day) => {
    const isFuture = day > today;
    const dayLogs = data.logs.filter((l) => l.day === day);
    const dayMetrics = data.metrics.filter((m) => m.day === day);
    let assigned = 0;
    let done = 0;
    if (!isFuture) {
      for (const item of data.items.filter((i) => inForce(i, day, timezone))) {
        const logged = dayLogs.find((l) => l.hepItemId === item.id)?.n ?? 0;
        const itemDone = Math.min(logged, item.timesPerDay);
        assigned += item.timesPerDay;
        done += itemDone;
        const total = perItem.get(item.id) ?? { assigned: 0, done: 0 };
        perItem.set(item.id, { assigned: total.assigned + item.timesPerDay, done: total.done + itemDone });
      }
    }
    const engagement = percent(done, assigned);
    const rated = dayLogs.reduce((a, l) => a + l.difficultyCount, 0);
    const pain = dayMetrics.find((m) => m.kind === 'painlevel');
    const isDataDay =
      dayLogs.length > 0 ||
      dayMetrics.some((m) => dataDayMetricKinds.includes(m.kind as HealthMetricKind) && m.n > 0) ||
      data.functionalDays.includes(day);
    return {
      date: day,
      assigned,
      done,
      engagement,
      metrics: metricValues(dayMetrics, engagement),
      pain: { ratings: pain?.n ?? 0, latest: pain?.latest ?? null },
      difficulty: rated === 0 ? null : round(dayLogs.reduce((a, l) => a + l.difficultySum, 0) / rated),
      is_data_day: isDataDay,
      is_future: isFuture,
    };
  });
  const assigned = progressDays.reduce((a, d) => a + d.assigned, 0);
  const done = progressDays.reduce((a, d) => a + d.done, 0);
  return {
    patient_id: input.patientId,
    weeks_ago: input.weeksAgo,
    timezone,
    week_start: days[0]!,
    week_end: days[6]!,
    days: progressDays,
    summary: {
      assigned,
      done,
      engagement: percent(done, assigned),
      metrics: metricValues(data.metrics, percent(done, assigned)),
      data_days: progressDays.filter((d) => d.is_data_day).length,
      exercises: data.items
        .filter((item) => perItem.has(item.id))
        .map((item) => ({ hep_id: item.id, title: item.title, ...perItem.get(item.id)! })),
    },
    streak: input.streak,
  };
}
