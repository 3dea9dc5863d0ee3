import { formatDate, toCalendarDay } from './format.ts';

export function DateDisplay({ value }: { value: string | number | Date | null | undefined }) {
  const day = toCalendarDay(value);
  if (!day) return null;
  return (
    <time className="tabular" dateTime={day.format('YYYY-MM-DD')}>
      {formatDate(value)}
    </time>
  );
}
