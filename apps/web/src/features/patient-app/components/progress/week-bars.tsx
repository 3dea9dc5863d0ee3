import type { ProgressDay } from '@rehabit/contract';
import { useTranslation } from 'react-i18next';

/** Days are clinic dates (YYYY-MM-DD); read at noon UTC they name the same weekday everywhere. */
export const weekdayOf = (date: string, language: string, width: 'narrow' | 'short' | 'long') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

const share = (day: ProgressDay) => (day.assigned > 0 ? Math.min(1, day.done / day.assigned) : 0);

/** The week's days as simple bars: how much of each day's program was done. No chart library on phones. */
export function WeekBars({ days }: { days: readonly ProgressDay[] }) {
  const { t, i18n } = useTranslation();
  const describe = (day: ProgressDay) => {
    const name = weekdayOf(day.date, i18n.language, 'long');
    if (day.is_future) return t('progress.dayFuture', { day: name });
    if (day.assigned === 0) return t('progress.dayRest', { day: name });
    return t('progress.dayDone', { day: name, done: day.done, assigned: day.assigned });
  };
  return (
    <ul className="pa-bars" aria-label={t('progress.daysChart')}>
      {days.map((day) => (
        <li key={day.date} className="pa-bars__day">
          <span className="visually-hidden">{describe(day)}</span>
          <span className="pa-bars__track" aria-hidden="true">
            <span
              className={
                day.done >= day.assigned && day.assigned > 0 ? 'pa-bars__fill pa-bars__fill--full' : 'pa-bars__fill'
              }
              style={{ height: `${Math.round(share(day) * 100)}%` }}
            />
          </span>
          <span className="pa-bars__count" aria-hidden="true">
            {day.is_future || day.assigned === 0 ? '–' : `${day.done}/${day.assigned}`}
          </span>
          <span className="pa-bars__label" aria-hidden="true">
            {weekdayOf(day.date, i18n.language, 'short')}
          </span>
        </li>
      ))}
    </ul>
  );
}
