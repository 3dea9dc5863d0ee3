import { Search, X } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Spinner } from '../feedback/spinner.tsx';
import '../dropdown/dropdown.css';
import '../field/field.css';
import './search-select.css';
import { FieldLabel } from '../field/field-label.tsx';
import { describedByOf, FieldMessages } from '../field/field-messages.tsx';
import { useListbox } from '../listbox/use-listbox.ts';

export type SearchOption<V extends string | number> = { value: V; label: string; detail?: string };

type SearchSelectProps<V extends string | number> = {
  label: string;
  /** The chosen option, shown in the field while the person is not typing. */
  selected: SearchOption<V> | null;
  onSelect: (option: SearchOption<V> | null) => void;
  /** What is typed; the caller searches with it (debounced) and passes the answers back as options. */
  query: string;
  onQueryChange: (query: string) => void;
  options: readonly SearchOption<V>[];
  isLoading?: boolean;
  /** Shown in the list when the search found nothing, or failed. */
  emptyText?: ReactNode;
  placeholder?: string;
  hint?: string;
  error?: string;
  required?: boolean;
  onBlur?: () => void;
  ref?: Ref<{ focus: () => void }>;
};

const displayOf = (option: SearchOption<string | number> | null) =>
  option ? (option.detail ? `${option.label} — ${option.detail}` : option.label) : '';

/**
 * An editable combobox (WAI-ARIA list autocomplete): the person types, the caller searches, and
 * one of the answers is chosen with the mouse or the arrow keys and Enter. Leaving the field without
 * choosing keeps the previous choice.
 */
export function SearchSelect<V extends string | number>({
  label,
  selected,
  onSelect,
  query,
  onQueryChange,
  options,
  isLoading = false,
  emptyText = 'Nothing matches what you typed.',
  placeholder = 'Start typing to search',
  hint,
  error,
  required = false,
  onBlur,
  ref,
}: SearchSelectProps<V>) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [isTyping, setTyping] = useState(false);
  const showList = isOpen && (isTyping || options.length > 0) && query.trim() !== '';
  const listbox = useListbox({ id, options, isOpen: showList });
  const { activeIndex, setActiveIndex } = listbox;

  useImperativeHandle(ref, () => ({ focus: () => inputRef.current?.focus() }), []);

  // New answers: the first one is ready for Enter.
  const answersKey = options.map((option) => option.value).join('|');
  useEffect(() => setActiveIndex(answersKey ? 0 : -1), [answersKey, setActiveIndex]);

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onSelect(option);
    setTyping(false);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      // Home, End and the page keys stay with the text being typed.
      if (isOpen) listbox.navigate(event.key);
      else setOpen(true);
    } else if (event.key === 'Enter') {
      // Enter picks the active answer instead of submitting the form around the field.
      if (isOpen && activeIndex >= 0) {
        event.preventDefault();
        choose(activeIndex);
      }
    } else if (event.key === 'Escape') {
      if (isOpen) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      } else if (isTyping) {
        setTyping(false);
        onQueryChange('');
      }
    }
  };

  const inputValue = isTyping ? query : displayOf(selected);

  return (
    <div className="field search-select">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <div className="dropdown__anchor">
        <Search className="search-select__icon" size={18} aria-hidden="true" />
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          className="field__input search-select__input"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={inputValue}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listbox.listboxId}
          aria-activedescendant={listbox.activeDescendant}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedByOf(id, hint, error)}
          onChange={(event) => {
            setTyping(true);
            setOpen(true);
            onQueryChange(event.target.value);
          }}
          onFocus={(event) => event.target.select()}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setTyping(false);
            onBlur?.();
          }}
        />
        {isLoading && showList && (
          <span className="search-select__busy">
            <Spinner size={16} />
          </span>
        )}
        {selected && !isTyping && (
          <button
            type="button"
            className="search-select__clear"
            aria-label={`Clear: ${label}`}
            onClick={() => {
              onSelect(null);
              onQueryChange('');
              inputRef.current?.focus();
            }}
          >
            <X size={16} aria-hidden="true" />
          </button>
        )}
        <div {...listbox.listProps} role="listbox" aria-label={label}>
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the input, which keeps focus
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
            <div
              key={String(option.value)}
              role="option"
              {...listbox.optionProps(index, option.value === selected?.value)}
              onClick={() => choose(index)}
            >
              <span className="search-select__label">{option.label}</span>
              {option.detail && (
                <>
                  {' '}
                  <span className="search-select__detail">{option.detail}</span>
                </>
              )}
            </div>
          ))}
          {options.length === 0 && (
            <p className="search-select__empty" role="presentation">
              {isLoading ? 'Searching…' : emptyText}
            </p>
          )}
        </div>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
