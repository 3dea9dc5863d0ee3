import { type Role, roleLabels } from '@rehabit/contract';
import { ChevronDown, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import './user-menu.css';

type UserMenuProps = {
  displayName: string;
  email: string;
  role: Role;
  onSignOut: () => void;
  isSigningOut?: boolean;
};

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The signed-in person and sign-out, as a disclosure button and panel. */
export function UserMenu({ displayName, email, role, onSignOut, isSigningOut = false }: UserMenuProps) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Tabbing out of the menu closes it, like clicking elsewhere.
    const onFocusOut = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const root = rootRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        aria-label={`${displayName}, account menu`}
        onClick={() => setOpen((open) => !open)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initialsOf(displayName)}
        </span>
        <span className="user-menu__name">{displayName}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      <div id={`${id}-panel`} className="user-menu__panel" hidden={!isOpen}>
        <p className="user-menu__who">{displayName}</p>
        <p className="user-menu__meta">{roleLabels[role]}</p>
        <p className="user-menu__meta user-menu__email">{email}</p>
        <button type="button" className="user-menu__signout" onClick={onSignOut} disabled={isSigningOut}>
          <LogOut size={18} aria-hidden="true" />
          {isSigningOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </div>
  );
}
