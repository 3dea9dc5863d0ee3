import dayjs from 'dayjs';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day as a local Date at midnight, the way the calendar shows days. */
export function isoToDate(value: string | null | undefined): Date | null {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The calendar day picked, as the API's `YYYY-MM-DD`; nothing when no day is picked. */
export const dateToIso = (date: Date | null | undefined): string | undefined =>
  date ? dayjs(date).format('YYYY-MM-DD') : undefined;

/** Today in the viewer's calendar. */
export const todayIso = () => dayjs().format('YYYY-MM-DD');
