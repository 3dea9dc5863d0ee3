import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const MONTH_NAMES = Array.from({ length: 12 }, (_, m) => monthName.format(new Date(2000, m, 1)));

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};
/** "Choose Monday, March 10th, 2025", as screen readers announce each day. */
const dayLabel = (d: Date) =>
  `Choose ${weekdayName.format(d)}, ${monthName.format(d)} ${ordinal(d.getDate())}, ${d.getFullYear()}`;

export const sameDay = (a: Date | null | undefined, b: Date | null | undefined) =>
  !!a && !!b && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const addMonths = (d: Date, n: number) => {
  const target = new Date(d.getFullYear(), d.getMonth() + n, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(d.getDate(), last));
};

type Props = {
  selected: Date | null;
  /** The day that has the keyboard focus; its month is the one shown. */
  active: Date;
  onActive: (day: Date) => void;
  onPick: (day: Date) => void;
  onClose: () => void;
  isOutOfRange: (day: Date) => boolean;
  /** Month and year selects for dates far from today, such as birthdays. */
  showYearDropdown: boolean;
  minYear: number;
  maxYear: number;
};

/** One month as a table of day buttons with one tab stop: arrows move by day and week, Page keys by month. */
export function Calendar({ selected, active, onActive, onPick, onClose, isOutOfRange, ...header }: Props) {
  const gridRef = useRef<HTMLTableElement>(null);
  const focusOnRender = useRef(false);
  const first = new Date(active.getFullYear(), active.getMonth(), 1);
  const start = addDays(first, -first.getDay());
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
  const today = new Date();

  useEffect(() => {
    if (!focusOnRender.current) return;
    focusOnRender.current = false;
    gridRef.current?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus();
  });

  const move = (day: Date) => {
    focusOnRender.current = true;
    onActive(day);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      PageUp: () => addMonths(active, -1),
      PageDown: () => addMonths(active, 1),
      Home: () => addDays(active, -active.getDay()),
      End: () => addDays(active, 6 - active.getDay()),
    };
    const next = moves[event.key];
    if (next) {
      event.preventDefault();
      move(next());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!isOutOfRange(active)) onPick(active);
    } else if (event.key === 'Escape') {
      // Used up here: a dialog around the field stays open.
      event.preventDefault();
      onClose();
    }
  };

  const years = Array.from({ length: header.maxYear - header.minYear + 1 }, (_, i) => header.maxYear - i);
  return (
    <div className="calendar">
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          aria-label="Previous month"
          onClick={() => onActive(addMonths(active, -1))}
        >
          <ChevronLeft size={18} aria-hidden="true" />
        </button>
        {header.showYearDropdown ? (
          <span className="calendar__selects">
            <select
              aria-label="Month"
              value={active.getMonth()}
              onChange={(e) => onActive(addMonths(active, Number(e.target.value) - active.getMonth()))}
            >
              {MONTH_NAMES.map((name, m) => (
                <option key={name} value={m}>
                  {name}
                </option>
              ))}
            </select>
            <select
              aria-label="Year"
              value={active.getFullYear()}
              onChange={(e) => onActive(addMonths(active, (Number(e.target.value) - active.getFullYear()) * 12))}
            >
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </span>
        ) : (
          <span className="calendar__title" aria-live="polite">
            {monthYear.format(active)}
          </span>
        )}
        <button
          type="button"
          className="calendar__nav"
          aria-label="Next month"
          onClick={() => onActive(addMonths(active, 1))}
        >
          <ChevronRight size={18} aria-hidden="true" />
        </button>
      </div>
      <table ref={gridRef} className="calendar__grid">
        <caption className="visually-hidden">{monthYear.format(active)}</caption>
        <thead>
          <tr className="calendar__row">
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="calendar__weekday">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()} className="calendar__row">
              {week.map((day) => {
                const disabled = isOutOfRange(day);
                const classes = [
                  'calendar__day',
                  day.getMonth() !== active.getMonth() && 'calendar__day--outside',
                  sameDay(day, selected) && 'calendar__day--selected',
                  sameDay(day, today) && 'calendar__day--today',
                ];
                return (
                  <td key={day.getTime()}>
                    <button
                      type="button"
                      className={classes.filter(Boolean).join(' ')}
                      aria-label={dayLabel(day)}
                      aria-pressed={sameDay(day, selected)}
                      disabled={disabled}
                      tabIndex={sameDay(day, active) ? 0 : -1}
                      onClick={() => onPick(day)}
                      onKeyDown={onKeyDown}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
