import { DATE_DISPLAY_FORMAT } from '@rehabit/contract';
import { useId } from 'react';
import ReactDatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { useIsNarrowForDatePicker } from '../../../lib/device.ts';
import '../field/field.css';
import './date-picker.css';

type DatePickerProps = {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  minDate?: Date;
  maxDate?: Date;
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
};

// date-fns spelling of the product's MMM D, YYYY display format.
const PICKER_FORMAT = 'MMM d, yyyy';

/** Dates in the product's format; at 768 px or less the calendar centres under the field and stays fixed. */
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
}: DatePickerProps) {
  const id = useId();
  const isNarrow = useIsNarrowForDatePicker();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field date-picker" data-format={DATE_DISPLAY_FORMAT}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <ReactDatePicker
        id={id}
        selected={value}
        onChange={(date: Date | null) => onChange(date)}
        minDate={minDate}
        maxDate={maxDate}
        dateFormat={PICKER_FORMAT}
        placeholderText={placeholder ?? 'Choose a date'}
        className="field__input"
        required={required}
        ariaDescribedBy={describedBy}
        ariaInvalid={error ? 'true' : undefined}
        popperPlacement={isNarrow ? 'bottom' : 'bottom-start'}
        popperProps={isNarrow ? { strategy: 'fixed' } : undefined}
        popperClassName={isNarrow ? 'date-picker__popper date-picker__popper--narrow' : 'date-picker__popper'}
        showPopperArrow={!isNarrow}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
