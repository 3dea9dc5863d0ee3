import { useId } from 'react';
import './switch.css';

type SwitchProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Words beside the track for each state, so colour is never the only signal. */
  onText?: string;
  offText?: string;
  isLabelHidden?: boolean;
  disabled?: boolean;
  isBusy?: boolean;
  hint?: string;
};

/** An on/off control (WAI-ARIA switch) that acts at once, for settings that need no form. */
export function Switch({
  label,
  checked,
  onChange,
  onText = 'On',
  offText = 'Off',
  isLabelHidden = false,
  disabled = false,
  isBusy = false,
  hint,
}: SwitchProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <button
        type="button"
        role="switch"
        id={id}
        className="switch"
        aria-checked={checked}
        aria-label={isLabelHidden ? label : undefined}
        aria-labelledby={isLabelHidden ? undefined : `${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-busy={isBusy || undefined}
        disabled={disabled || isBusy}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__state" aria-hidden="true">
          {checked ? onText : offText}
        </span>
      </button>
      {!isLabelHidden && (
        <label id={`${id}-label`} htmlFor={id} className="switch-field__label">
          {label}
        </label>
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint switch-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
