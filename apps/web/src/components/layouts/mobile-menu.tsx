import { useUiStore } from '@web/lib/ui-store.ts';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Modal } from '../ui/modal/modal.tsx';
import type { NavItem } from './nav-items.ts';
import { type NavFlags, NavLinkContent } from './nav-link-content.tsx';
import { SeenNewFeatures } from './seen-new-features.tsx';
import { useIsNavItemActive } from './use-nav-state.ts';
import './nav.css';

type MobileMenuProps = { items: readonly NavItem[]; flags: NavFlags; onSignOut: () => void };

/** Every destination on a phone, plus sign-out, behind the bottom menu's last entry. */
export function MobileMenu({ items, flags, onSignOut }: MobileMenuProps) {
  const isOpen = useUiStore((state) => state.isMobileMenuOpen);
  const setOpen = useUiStore((state) => state.setMobileMenuOpen);
  const isActive = useIsNavItemActive();
  const close = () => setOpen(false);
  return (
    <Modal isOpen={isOpen} onClose={close} title="Menu" size="sm">
      <nav aria-label="All destinations">
        <ul className="mobile-menu__list">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.href}
                className="nav-link"
                aria-current={isActive(item) ? 'page' : undefined}
                onClick={close}
              >
                <NavLinkContent item={item} flags={flags} />
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="nav-link"
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              <span className="nav-link__icon">
                <LogOut size={20} aria-hidden="true" />
              </span>
              <span className="nav-link__label">Sign out</span>
            </button>
          </li>
        </ul>
        <SeenNewFeatures count={items.filter((item) => flags.newFeatures.has(item.key)).length} />
      </nav>
    </Modal>
  );
}
