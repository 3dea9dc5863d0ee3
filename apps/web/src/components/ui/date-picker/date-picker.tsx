import { DATE_DISPLAY_FORMAT } from '@rehabit/contract';
import { useIsNarrowForDatePicker } from '@web/lib/device.ts';
import dayjs from 'dayjs';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import '../field/field.css';
import './date-picker.css';
import { FieldLabel } from '../field/field-label.tsx';
import { describedByOf, FieldMessages } from '../field/field-messages.tsx';
import { Calendar, sameDay } from './calendar.tsx';
import { parseTypedDate } from './parse-date.ts';

export type DatePickerProps = {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  minDate?: Date;
  maxDate?: Date;
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  /** Month and year selects in the calendar header, for dates far from today such as birthdays. */
  showYearDropdown?: boolean;
  /** The month the calendar opens on while no date is chosen. */
  openToDate?: Date;
  onBlur?: () => void;
};

const display = (date: Date | null) => (date ? dayjs(date).format(DATE_DISPLAY_FORMAT) : '');
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/**
 * Dates in the product's format, typed (also as MM/DD/YYYY or YYYY-MM-DD) or picked from a month calendar.
 * At 768 px or less the calendar centres under the field and stays fixed.
 */
export function DatePicker({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  error,
  hint,
  required,
  placeholder,
  showYearDropdown = false,
  openToDate,
  onBlur,
}: DatePickerProps) {
  const id = useId();
  const isNarrow = useIsNarrowForDatePicker();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => display(value));
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(() => value ?? openToDate ?? new Date());
  const [top, setTop] = useState(0);
  const valueTime = value?.getTime();

  // A value set from outside (a reset, a loaded record) shows as typed text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the day, not the Date object, is what changed
  useEffect(() => {
    setText((current) => (sameDay(parseTypedDate(current), value) ? current : display(value)));
  }, [valueTime]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [isOpen]);

  const isOutOfRange = (day: Date) =>
    (minDate !== undefined && day < startOfDay(minDate)) || (maxDate !== undefined && day > startOfDay(maxDate));

  const open = () => {
    if (isOpen) return;
    setActive(value ?? openToDate ?? new Date());
    setTop((inputRef.current?.getBoundingClientRect().bottom ?? 0) + 4);
    setOpen(true);
  };

  const pick = (day: Date) => {
    onChange(day);
    setText(display(day));
    setOpen(false);
    inputRef.current?.focus();
  };

  const type = (typed: string) => {
    setText(typed);
    if (typed.trim() === '') return onChange(null);
    // A typed day outside the limits still counts, so the form's rule says why it is refused (decision 0113).
    const day = parseTypedDate(typed);
    if (day) {
      onChange(day);
      setActive(day);
    }
  };

  const onInputKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      open();
      requestAnimationFrame(() =>
        rootRef.current?.querySelector<HTMLElement>('.calendar__grid button[tabindex="0"]')?.focus(),
      );
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const popperClass = isNarrow ? 'date-picker__popper date-picker__popper--narrow' : 'date-picker__popper';
  return (
    <div className="field date-picker" data-format={DATE_DISPLAY_FORMAT} ref={rootRef}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="off"
        className="field__input"
        value={text}
        placeholder={placeholder ?? 'Choose a date'}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        aria-haspopup="dialog"
        onChange={(e) => type(e.target.value)}
        onClick={open}
        onFocus={open}
        onKeyDown={onInputKeyDown}
        onBlur={() => {
          // Half-typed text gives way to the date that is chosen.
          if (!parseTypedDate(text) || !sameDay(parseTypedDate(text), value)) setText(display(value));
          onBlur?.();
        }}
      />
      {isOpen && (
        <div className={popperClass} role="dialog" aria-label="Calendar" style={isNarrow ? { top } : undefined}>
          <Calendar
            selected={value}
            active={active}
            onActive={setActive}
            onPick={pick}
            onClose={() => {
              setOpen(false);
              inputRef.current?.focus();
            }}
            isOutOfRange={isOutOfRange}
            showYearDropdown={showYearDropdown}
            minYear={minDate?.getFullYear() ?? 1900}
            maxYear={(maxDate ?? new Date()).getFullYear() + (maxDate ? 0 : 5)}
          />
        </div>
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
