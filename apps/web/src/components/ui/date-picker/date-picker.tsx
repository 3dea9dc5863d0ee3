import { DATE_DISPLAY_FORMAT } from '@rehabit/contract';
import { useId } from 'react';
import ReactDatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { useIsNarrowForDatePicker } from '../../../lib/device.ts';
import '../field/field.css';
import './date-picker.css';
import { FieldLabel } from '../field/field-label.tsx';

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
  /** Month and year selects in the calendar header, for dates far from today such as birthdays. */
  showYearDropdown?: boolean;
  /** The month the calendar opens on while no date is chosen. */
  openToDate?: Date;
  onBlur?: () => void;
};

// date-fns spelling of the product's MMM D, YYYY display format; typed dates may also use the US
// numeric or the ISO form, which is how people copy them from other systems.
const PICKER_FORMATS = ['MMM d, yyyy', 'MM/dd/yyyy', 'M/d/yyyy', 'yyyy-MM-dd'];

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
  showYearDropdown = false,
  openToDate,
  onBlur,
}: DatePickerProps) {
  const id = useId();
  const isNarrow = useIsNarrowForDatePicker();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field date-picker" data-format={DATE_DISPLAY_FORMAT}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <ReactDatePicker
        id={id}
        selected={value}
        onChange={(date: Date | null) => onChange(date)}
        minDate={minDate}
        maxDate={maxDate}
        dateFormat={PICKER_FORMATS}
        // Only a whole typed date counts: "03/04/195" is not the year 195 while typing goes on.
        strictParsing
        onBlur={onBlur}
        openToDate={openToDate}
        showYearDropdown={showYearDropdown}
        showMonthDropdown={showYearDropdown}
        dropdownMode="select"
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
