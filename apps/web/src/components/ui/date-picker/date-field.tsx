import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DatePicker, type DatePickerProps } from './date-picker.tsx';
import { dateToIso, isoToDate } from './iso-date.ts';

type DateFieldProps<T extends FieldValues> = Omit<DatePickerProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T>;
  name: Path<T>;
  /** What the form holds while no day is picked: '' for a required day, undefined for an optional one. */
  emptyAs?: '' | undefined;
  /** The message under the field, from the day the form holds (empty: '' or undefined). */
  error?: (day: string | undefined) => string | undefined;
};

/** A date picker bound to a react-hook-form field that holds the day as the API's `YYYY-MM-DD`. */
export function DateField<T extends FieldValues>({ control, name, emptyAs, error, ...picker }: DateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DatePicker
          {...picker}
          value={isoToDate(field.value)}
          onChange={(date) => field.onChange(dateToIso(date) ?? emptyAs)}
          onBlur={field.onBlur}
          error={error?.(field.value || undefined)}
        />
      )}
    />
  );
}
