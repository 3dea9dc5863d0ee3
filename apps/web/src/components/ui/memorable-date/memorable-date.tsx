import { type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { isoToParts, partsToIso } from './date-parts.ts';
import '../field/field.css';
import './memorable-date.css';

type MemorableDateProps = {
  legend: string;
  /** `YYYY-MM-DD`, or empty while the parts do not make a whole date yet. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** The three boxes' labels, for a page in another language. */
  labels?: { month: string; day: string; year: string };
  ref?: Ref<{ focus: () => void }>;
};

const englishLabels = { month: 'Month', day: 'Day', year: 'Year' };

/**
 * A date people know by heart (a birthday) as three number boxes, month, day and year: easier on a
 * small phone than a calendar that starts at today.
 */
export function MemorableDate({
  legend,
  value,
  onChange,
  onBlur,
  error,
  hint,
  labels = englishLabels,
  ref,
}: MemorableDateProps) {
  const id = useId();
  const [parts, setParts] = useState(() => isoToParts(value));
  const monthRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => monthRef.current?.focus() }), []);

  const update = (key: keyof typeof parts, text: string) => {
    const next = { ...parts, [key]: text.replace(/\D/g, '') };
    setParts(next);
    onChange(partsToIso(next));
  };
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const box = (key: keyof typeof parts, label: string, maxLength: number, autoComplete: string) => (
    <div className={`memorable-date__part memorable-date__part--${key}`}>
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        ref={key === 'month' ? monthRef : undefined}
        id={`${id}-${key}`}
        className="field__input"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={parts[key]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => update(key, event.target.value)}
        onBlur={onBlur}
      />
    </div>
  );

  return (
    <fieldset className="field memorable-date">
      <legend className="field__label memorable-date__legend">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="memorable-date__parts">
        {box('month', labels.month, 2, 'bday-month')}
        {box('day', labels.day, 2, 'bday-day')}
        {box('year', labels.year, 4, 'bday-year')}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
