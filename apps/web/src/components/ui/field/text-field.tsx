import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import './field.css';
import { FieldLabel } from './field-label.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string;
  /** Help shown under the field and read with it. */
  hint?: ReactNode;
  /** Live status under the field (e.g. a code being checked). */
  status?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, error, hint, status, ref, required, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy = [hint && hintId, status !== undefined && statusId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={ref}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {status !== undefined && (
        <div id={statusId} className="field__status" aria-live="polite">
          {status}
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
