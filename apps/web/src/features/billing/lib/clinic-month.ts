import { lastDayOfMonth, localDateOf } from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';

/** The clinic's current month: days, and so months, are counted in the clinic's timezone. */
export const clinicMonthOf = (timezone: string, now = new Date()) => localDateOf(now, timezone).slice(0, 7);

/** When a month's file is made: once its last day has ended where the clinic is. */
export const closingText = (month: string, timezone: string) =>
  `after ${formatDate(lastDayOfMonth(month))} ends in the clinic’s timezone (${timezone})`;
