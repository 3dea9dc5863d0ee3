import { DROPDOWN_DEFAULT_LABEL, DROPDOWN_MAX_HEIGHT_PX, TYPEAHEAD_RESET_MS, typeaheadMatch } from '@rehabit/contract';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import '../field/field.css';
import './dropdown.css';

export type DropdownOption<V extends string | number> = { value: V; label: string; disabled?: boolean };

type DropdownProps<V extends string | number> = {
  label: string;
  options: readonly DropdownOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  onBlur?: () => void;
  /** Shown while nothing is chosen; seed default 'Please select'. */
  placeholder?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  isLabelHidden?: boolean;
  /** Lets a form library focus the control on a validation error. */
  ref?: Ref<{ focus: () => void }>;
};

const PAGE_STEP = 10;

/** Where a navigation key moves the active option, and which way to skip disabled ones. */
function navigationTarget(key: string, active: number, count: number): { index: number; step: 1 | -1 } | null {
  switch (key) {
    case 'ArrowDown':
      return { index: active + 1, step: 1 };
    case 'ArrowUp':
      return { index: active - 1, step: -1 };
    case 'Home':
      return { index: 0, step: 1 };
    case 'End':
      return { index: count - 1, step: -1 };
    case 'PageDown':
      return { index: active + PAGE_STEP, step: 1 };
    case 'PageUp':
      return { index: active - PAGE_STEP, step: -1 };
    default:
      return null;
  }
}

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
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const comboRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const [isOpen, setOpen] = useState(false);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const [activeIndex, setActiveIndex] = useState(selectedIndex);

  useImperativeHandle(ref, () => ({ focus: () => comboRef.current?.focus() }), []);

  useEffect(() => () => clearTimeout(typed.current.timer), []);

  useEffect(() => {
    if (!isOpen || activeIndex < 0) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  const open = (index = selectedIndex >= 0 ? selectedIndex : firstEnabled()) => {
    setActiveIndex(index);
    setOpen(true);
  };
  const close = () => setOpen(false);

  function firstEnabled(from = 0, step = 1): number {
    for (let index = from; index >= 0 && index < options.length; index += step) {
      if (!options[index]?.disabled) return index;
    }
    return -1;
  }

  const move = (target: number, step: number) => {
    const clamped = Math.min(Math.max(target, 0), options.length - 1);
    const next = firstEnabled(clamped, step);
    if (next >= 0) setActiveIndex(next);
  };

  const select = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    if (option.value !== value) onChange(option.value);
    close();
  };

  /** Seed §2: type-ahead gathers letters and forgets them 350 ms after the last key. */
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
    const target = navigationTarget(key, activeIndex, options.length);
    if (target !== null) {
      event.preventDefault();
      move(target.index, target.step);
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      select(activeIndex);
    } else if (key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const selected = options[selectedIndex];
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

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
          aria-controls={listboxId}
          aria-activedescendant={isOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-disabled={disabled || undefined}
          aria-describedby={describedBy}
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
        <div
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          className="dropdown__list"
          hidden={!isOpen}
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox, which keeps focus
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
            <div
              key={String(option.value)}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={index === selectedIndex}
              aria-disabled={option.disabled || undefined}
              className={['dropdown__option', index === activeIndex && 'dropdown__option--active']
                .filter(Boolean)
                .join(' ')}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => !option.disabled && setActiveIndex(index)}
              onClick={() => select(index)}
            >
              {option.label}
            </div>
          ))}
        </div>
      </div>
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
