import { DATE_DISPLAY_FORMAT } from '@rehabit/contract';
import dayjs from 'dayjs';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** US dollars with cents; empty when there is no value. */
export function formatCurrency(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? usd.format(amount) : '';
}

const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})/;

/**
 * The calendar day of a value, without its time. An ISO string keeps the day it names: reading it as
 * an instant could move it to the day before or after in the viewer's time zone.
 */
export function toCalendarDay(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return null;
  const prefix = typeof value === 'string' ? DATE_PREFIX.exec(value)?.[1] : undefined;
  const day = dayjs(prefix ?? value);
  return day.isValid() ? day.startOf('day') : null;
}

/** Dates as MMM D, YYYY (decision 1310); empty when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  return toCalendarDay(value)?.format(DATE_DISPLAY_FORMAT) ?? '';
}

/** Whole years between a birthday and today (or `on`); null without a valid birthday. */
export function ageInYears(birthday: string | null | undefined, on: Date = new Date()): number | null {
  const born = toCalendarDay(birthday);
  if (!born) return null;
  const today = dayjs(on).startOf('day');
  return born.isAfter(today) ? null : today.diff(born, 'year');
}

/** A phone as people read it: North American numbers as `+1 (555) 123-4567`, others as code and digits. */
export function formatPhone(dialCode: string, digits: string): string {
  const plain = digits.replace(/\D/g, '');
  if (dialCode === '+1' && plain.length === 10) {
    return `+1 (${plain.slice(0, 3)}) ${plain.slice(3, 6)}-${plain.slice(6)}`;
  }
  return `${dialCode} ${plain}`;
}

/** A file's size in the unit that shows it best: kilobytes below a megabyte (a 17 KB clip is not "0.0 MB"). */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 ** 2 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
