import dayjs from 'dayjs';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether a value is a calendar month written `YYYY-MM`. */
export const isMonth = (value: string | null | undefined): value is string => MONTH.test(value ?? '');

/** `2026-03` as `March 2026`. */
export const formatMonth = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');

/** Months from `latest` back to `first`, newest first, as `YYYY-MM`. */
export function monthsBetween(first: string, latest: string): string[] {
  const months: string[] = [];
  for (let at = dayjs(`${latest}-01`); at.format('YYYY-MM') >= first; at = at.subtract(1, 'month')) {
    months.push(at.format('YYYY-MM'));
  }
  return months;
}
