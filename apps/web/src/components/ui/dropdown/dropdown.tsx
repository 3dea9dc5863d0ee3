import { DROPDOWN_DEFAULT_LABEL, TYPEAHEAD_RESET_MS, typeaheadMatch } from '@rehabit/contract';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { describedByOf, FieldMessages } from '../field/field-messages.tsx';
import { useListbox } from '../listbox/use-listbox.ts';
import '../field/field.css';
import './dropdown.css';

export type DropdownOption<V extends string | number> = { value: V; label: string; disabled?: boolean };

type DropdownProps<V extends string | number> = {
  label: string;
  options: readonly DropdownOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  onBlur?: () => void;
  /** Shown while nothing is chosen; 'Please select' by default (decision 1310). */
  placeholder?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  isLabelHidden?: boolean;
  /** Lets a form library focus the control on a validation error. */
  ref?: Ref<{ focus: () => void }>;
};

/** A select-only combobox (WAI-ARIA listbox pattern) with type-ahead. */
export function Dropdown<V extends string | number>({
  label,
  options,
  value,
  onChange,
  onBlur,
  placeholder = DROPDOWN_DEFAULT_LABEL,
  error,
  hint,
  disabled = false,
  required = false,
  isLabelHidden = false,
  ref,
}: DropdownProps<V>) {
  const id = useId();
  const labelId = `${id}-label`;
  const comboRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const [isOpen, setOpen] = useState(false);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const listbox = useListbox({ id, options, isOpen, initialActive: selectedIndex });
  const { activeIndex, setActiveIndex, firstEnabled } = listbox;

  useImperativeHandle(ref, () => ({ focus: () => comboRef.current?.focus() }), []);

  useEffect(() => () => clearTimeout(typed.current.timer), []);

  const open = (index = selectedIndex >= 0 ? selectedIndex : firstEnabled()) => {
    setActiveIndex(index);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const select = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    if (option.value !== value) onChange(option.value);
    close();
  };

  /** Type-ahead gathers letters and forgets them 350 ms after the last key (decision 1310). */
  const typeahead = (char: string) => {
    clearTimeout(typed.current.timer);
    typed.current.text += char;
    typed.current.timer = setTimeout(() => {
      typed.current.text = '';
    }, TYPEAHEAD_RESET_MS);
    const from = isOpen ? activeIndex : selectedIndex;
    const match = typeaheadMatch(
      options.map((option) => option.label),
      typed.current.text,
      from,
    );
    if (match < 0) return;
    if (isOpen) setActiveIndex(match);
    else open(match);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const { key } = event;
    if (key.length === 1 && key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeahead(key);
      return;
    }
    if (key === ' ' && typed.current.text) {
      // A space inside a type-ahead run is part of the label being typed.
      event.preventDefault();
      typeahead(key);
      return;
    }
    if (!isOpen) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) {
        event.preventDefault();
        open();
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        open(key === 'Home' ? firstEnabled() : firstEnabled(options.length - 1, -1));
      }
      return;
    }
    if (key === 'Tab') {
      select(activeIndex);
      return;
    }
    if (key === 'ArrowUp' && event.altKey) {
      event.preventDefault();
      select(activeIndex);
      return;
    }
    if (listbox.navigate(key)) {
      event.preventDefault();
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      select(activeIndex);
    } else if (key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const selected = options[selectedIndex];

  return (
    <div className="field dropdown">
      <span id={labelId} className={isLabelHidden ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && !isLabelHidden && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <div className="dropdown__anchor">
        <div
          ref={comboRef}
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          className="dropdown__control"
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={isOpen}
          aria-controls={listbox.listboxId}
          aria-activedescendant={listbox.activeDescendant}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-disabled={disabled || undefined}
          aria-describedby={describedByOf(id, hint, error)}
          data-placeholder={selected ? undefined : true}
          onClick={() => !disabled && (isOpen ? close() : open())}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        >
          <span className="dropdown__value">{selected ? selected.label : placeholder}</span>
          <ChevronDown className="dropdown__chevron" size={18} aria-hidden="true" />
        </div>
        <div {...listbox.listProps} role="listbox" aria-labelledby={labelId} tabIndex={-1}>
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox, which keeps focus
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
            <div
              key={String(option.value)}
              role="option"
              {...listbox.optionProps(index, index === selectedIndex)}
              onClick={() => select(index)}
            >
              {option.label}
            </div>
          ))}
        </div>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
