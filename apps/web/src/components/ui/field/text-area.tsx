import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import './field.css';
import { FieldLabel } from './field-label.tsx';
import { describedByOf, FieldMessages } from './field-messages.tsx';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextArea({ label, error, hint, ref, required, rows = 3, ...input }: TextAreaProps) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        aria-required={required || undefined}
        {...input}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
