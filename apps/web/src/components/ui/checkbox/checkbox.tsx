import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import './checkbox.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  isLabelHidden?: boolean;
  /** Some, not all, of a group are chosen. */
  isIndeterminate?: boolean;
};

/** A native checkbox with a 44 px hit area; the label may be hidden when the row says what it is. */
export function Checkbox({
  label,
  isLabelHidden = false,
  isIndeterminate = false,
  className,
  ...input
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isIndeterminate;
  }, [isIndeterminate]);
  return (
    <label className={['checkbox', isLabelHidden && 'checkbox--bare', className].filter(Boolean).join(' ')}>
      <input ref={ref} type="checkbox" className="checkbox__input" {...input} />
      <span className={isLabelHidden ? 'visually-hidden' : 'checkbox__label'}>{label}</span>
    </label>
  );
}
