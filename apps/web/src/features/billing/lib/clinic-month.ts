import { lastDayOfMonth } from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';

/** When a month's file is made: once its last day has ended where the clinic is. */
export const closingText = (month: string, timezone: string) =>
  `after ${formatDate(lastDayOfMonth(month))} ends in the clinic’s timezone (${timezone})`;
