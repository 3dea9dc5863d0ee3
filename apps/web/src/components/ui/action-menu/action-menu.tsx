import { type LucideIcon, MoreHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './action-menu.css';

export type ActionMenuItem = {
  key: string;
  label: string;
  icon?: LucideIcon;
  onSelect: () => void;
  tone?: 'danger';
  /** Why the entry cannot be chosen now: it stays in the menu, reachable, and says so. */
  disabledReason?: string;
};

type ActionMenuProps = {
  /** Names the button for assistive technology, e.g. "Actions for Maria Garcia". */
  label: string;
  items: readonly ActionMenuItem[];
  /** Visible text beside the icon; icon-only when absent. */
  text?: string;
};

// Room a menu entry takes (a 44 px target) and the space kept free above the phone's bottom menu.
const ITEM_HEIGHT = 44;
const BOTTOM_RESERVE = 72;

type Position = { top?: number; bottom?: number; right: number };

/**
 * A menu button (WAI-ARIA menu pattern). The menu is drawn in a layer of its own so a scrolling table
 * does not clip it; it closes on Escape, Tab, a click elsewhere, or scrolling.
 */
export function ActionMenu({ label, items, text }: ActionMenuProps) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const isOpen = position !== null;

  const open = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const right = Math.max(8, window.innerWidth - rect.right);
    const height = items.length * ITEM_HEIGHT + 8;
    // Near the bottom of the screen the menu opens upwards, so no entry hides off screen.
    const fitsBelow = rect.bottom + 4 + height <= window.innerHeight - BOTTOM_RESERVE;
    setPosition(fitsBelow ? { top: rect.bottom + 4, right } : { bottom: window.innerHeight - rect.top + 4, right });
  };
  const close = (returnFocus = true) => {
    setPosition(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useLayoutEffect(() => {
    if (isOpen) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const onViewportChange = () => close(false);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', onViewportChange);
    window.addEventListener('scroll', onViewportChange, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', onViewportChange);
      window.removeEventListener('scroll', onViewportChange, true);
    };
  });

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = entries.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(entries.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={text ? 'action-menu__button action-menu__button--text' : 'action-menu__button'}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-menu` : undefined}
        aria-label={text ? undefined : label}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            open();
          }
        }}
      >
        {text}
        <MoreHorizontal size={18} aria-hidden="true" />
      </button>
      {position &&
        createPortal(
          <div
            ref={menuRef}
            id={`${id}-menu`}
            role="menu"
            aria-label={label}
            className="action-menu"
            style={position}
            onKeyDown={onMenuKeyDown}
          >
            {items.map(({ key, label: itemLabel, icon: Icon, onSelect, tone, disabledReason }) => (
              <button
                key={key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={disabledReason ? true : undefined}
                // Named by its label alone; the reason it cannot be chosen is its description, read once.
                aria-label={disabledReason ? itemLabel : undefined}
                aria-describedby={disabledReason ? `${id}-${key}-reason` : undefined}
                className={tone === 'danger' ? 'action-menu__item action-menu__item--danger' : 'action-menu__item'}
                onClick={() => {
                  if (disabledReason) return;
                  close();
                  onSelect();
                }}
              >
                {Icon && <Icon size={16} aria-hidden="true" />}
                <span className="action-menu__text">
                  {itemLabel}
                  {disabledReason && (
                    <span id={`${id}-${key}-reason`} className="action-menu__reason">
                      {disabledReason}
                    </span>
                  )}
                </span>
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
