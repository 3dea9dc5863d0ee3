import { DROPDOWN_MAX_HEIGHT_PX } from '@rehabit/contract';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import '../dropdown/dropdown.css';

const PAGE_STEP = 10;

/**
 * Where a key moves the active option, and which way to skip disabled ones; null for a key that does not move it
 * (a text input leaves Home and End to its caret by not passing them).
 */
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

type ListboxOptions = {
  /** The control's `useId()`; the listbox and its options are named after it. */
  id: string;
  options: readonly { value: unknown; disabled?: boolean }[];
  isOpen: boolean;
  initialActive?: number;
};

/**
 * The listbox half of a combobox (WAI-ARIA): the active option, moved by the keys while focus stays
 * on the control, which points at it with aria-activedescendant.
 */
export function useListbox({ id, options, isOpen, initialActive = -1 }: ListboxOptions) {
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const listRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(initialActive);

  useEffect(() => {
    if (!isOpen || activeIndex < 0) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  /** The first option that can be chosen from `from` on, going `step` at a time; -1 when none. */
  function firstEnabled(from = 0, step = 1): number {
    for (let index = from; index >= 0 && index < options.length; index += step) {
      if (!options[index]?.disabled) return index;
    }
    return -1;
  }

  /** Moves the active option for a navigation key; false when the key is not one. */
  const navigate = (key: string): boolean => {
    const target = navigationTarget(key, activeIndex, options.length);
    if (target === null) return false;
    const clamped = Math.min(Math.max(target.index, 0), options.length - 1);
    const next = firstEnabled(clamped, target.step);
    if (next >= 0) setActiveIndex(next);
    return true;
  };

  return {
    activeIndex,
    setActiveIndex,
    firstEnabled,
    navigate,
    listboxId,
    /** For the control: the option the keys act on, while the list is shown. */
    activeDescendant: isOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined,
    // The roles are written where the elements are, so the markup shows what each one is.
    listProps: {
      ref: listRef,
      id: listboxId,
      className: 'dropdown__list',
      hidden: !isOpen,
      style: { maxHeight: DROPDOWN_MAX_HEIGHT_PX },
    },
    optionProps: (index: number, isSelected: boolean) => {
      const isDisabled = options[index]?.disabled;
      return {
        id: optionId(index),
        'data-index': index,
        'aria-selected': isSelected,
        'aria-disabled': isDisabled || undefined,
        className: ['dropdown__option', index === activeIndex && 'dropdown__option--active'].filter(Boolean).join(' '),
        // The control keeps focus, so its keys go on working after a click.
        onMouseDown: (event: MouseEvent) => event.preventDefault(),
        onMouseEnter: () => !isDisabled && setActiveIndex(index),
      };
    },
  };
}
