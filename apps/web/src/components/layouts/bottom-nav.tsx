import type { Role } from '@rehabit/contract';
import { useUiStore } from '@web/lib/ui-store.ts';
import { Menu } from 'lucide-react';
import { Link } from 'react-router';
import { bottomMenuItems, type NavItem } from './nav-items.ts';
import { type NavFlags, NavLinkContent } from './nav-link-content.tsx';
import { useIsNavItemActive } from './use-nav-state.ts';
import './nav.css';

/** Phone bottom menu: five entries, the last opening the full menu. */
export function BottomNav({ items, flags, role }: { items: readonly NavItem[]; flags: NavFlags; role: Role }) {
  const isActive = useIsNavItemActive();
  const setMenuOpen = useUiStore((state) => state.setMobileMenuOpen);
  const isMenuOpen = useUiStore((state) => state.isMobileMenuOpen);
  const hasHiddenNotice = items
    .filter((item) => !bottomMenuItems(items, role).includes(item))
    .some((item) => (item.hasBillingBadge && flags.hasNewBilling) || flags.newFeatures.has(item.key));
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {bottomMenuItems(items, role).map((item) => (
          <li key={item.key}>
            <Link
              to={item.href}
              className="nav-link nav-link--short"
              aria-current={isActive(item) ? 'page' : undefined}
            >
              <NavLinkContent item={item} flags={flags} isShort />
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="nav-link nav-link--short"
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <span className="nav-link__icon">
              <Menu size={20} aria-hidden="true" />
              {hasHiddenNotice && <span className="nav-link__dot" aria-hidden="true" />}
            </span>
            <span className="nav-link__label">More</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
