import { daysBetween } from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';
import dayjs from 'dayjs';

/** "Week of Nov 15, 2026": how a Sunday–Saturday week is named wherever one is shown, never "this week" alone. */
export const weekName = (weekStart: string) => `Week of ${formatDate(weekStart)}`;
/** "week of Nov 15, 2026", inside a sentence. */
export const weekOf = (weekStart: string) => `week of ${formatDate(weekStart)}`;

/** "Nov 15": a week on a chart's axis, whose heading carries the year. */
export const axisDate = (day: string) => dayjs(day).format('MMM D');

/** "this week", "last week", "3 weeks ago": how far back a week is, beside its name. */
export const weeksAgoText = (weeksAgo: number) =>
  weeksAgo === 0 ? 'this week' : weeksAgo === 1 ? 'last week' : `${weeksAgo} weeks ago`;

/** Days of a week up to today: a week still running is not short of data on the days still to come. */
export const daysSoFar = (weekStart: string, today: string) =>
  Math.max(0, Math.min(7, daysBetween(weekStart, today) + 1));

export const dayCount = (count: number) => (count === 1 ? '1 day' : `${count} days`);
