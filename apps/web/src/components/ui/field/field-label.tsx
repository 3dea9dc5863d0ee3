import type { ReactNode } from 'react';

type FieldLabelProps = { htmlFor: string; required?: boolean; children: ReactNode };

/** The label above every form field; required fields get an asterisk that screen readers skip (the input says so). */
export function FieldLabel({ htmlFor, required, children }: FieldLabelProps) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {children}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
