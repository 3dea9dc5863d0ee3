import { Dropdown } from '../dropdown/dropdown.tsx';
import { formatMonth, monthsBetween } from './months.ts';

type MonthPickerProps = {
  /** The earliest month offered, `YYYY-MM`. */
  first: string;
  /** The latest month offered (the clinic's current month), `YYYY-MM`. */
  latest: string;
  value: string;
  onChange: (month: string) => void;
  label?: string;
};

/** A calendar month picked from a list, newest first, `first` to `latest`: `March 2026`. */
export function MonthPicker({ first, latest, value, onChange, label = 'Month' }: MonthPickerProps) {
  return (
    <Dropdown
      label={label}
      options={monthsBetween(first, latest).map((month) => ({ value: month, label: formatMonth(month) }))}
      value={value}
      onChange={onChange}
    />
  );
}
