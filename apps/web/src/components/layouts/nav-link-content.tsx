import { NewPill } from '../ui/badge/new-pill.tsx';
import { RoundBadge } from '../ui/badge/round-badge.tsx';
import type { NavItem } from './nav-items.ts';

export type NavFlags = { hasNewBilling: boolean; hasFeatureNotifications: boolean };

/** Icon, label and the entry's notices, the same in the rail, the bottom menu and the full menu. */
export function NavLinkContent({
  item,
  flags,
  isShort = false,
}: {
  item: NavItem;
  flags: NavFlags;
  isShort?: boolean;
}) {
  const Icon = item.icon;
  return (
    <>
      <span className="nav-link__icon">
        <Icon size={20} aria-hidden="true" />
        {isShort && <RoundBadge isActive={!!item.hasBillingBadge && flags.hasNewBilling} x="8px" y="-8px" />}
      </span>
      <span className="nav-link__label">{isShort ? item.shortLabel : item.label}</span>
      {!isShort && <RoundBadge isActive={!!item.hasBillingBadge && flags.hasNewBilling} x="0px" y="0px" />}
      {!isShort && <NewPill isActive={!!item.isNewFeature && flags.hasFeatureNotifications} x="0px" y="0px" />}
    </>
  );
}
