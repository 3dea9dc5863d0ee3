import { NewPill } from '../ui/badge/new-pill.tsx';
import { RoundBadge } from '../ui/badge/round-badge.tsx';
import type { NavItem } from './nav-items.ts';

export type NavFlags = {
  hasNewBilling: boolean;
  /** The entries whose feature is new to the user (`newFeatureKeys` of the contract). */
  newFeatures: ReadonlySet<string>;
  /** Conversations with unread messages, shown on the Chat entry. */
  unreadChats?: number;
};

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
  const unread = item.key === 'chat' ? (flags.unreadChats ?? 0) : 0;
  return (
    <>
      <span className="nav-link__icon">
        <Icon size={20} aria-hidden="true" />
        {isShort && <RoundBadge isActive={!!item.hasBillingBadge && flags.hasNewBilling} x="8px" y="-8px" />}
        {isShort && <UnreadCount count={unread} />}
      </span>
      <span className="nav-link__label">{isShort ? item.shortLabel : item.label}</span>
      {!isShort && <RoundBadge isActive={!!item.hasBillingBadge && flags.hasNewBilling} x="0px" y="0px" />}
      {!isShort && <UnreadCount count={unread} />}
      {!isShort && <NewPill isActive={flags.newFeatures.has(item.key)} x="0px" y="0px" />}
    </>
  );
}

/** How many conversations wait to be read; a number and words, never the colour alone. */
function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="nav-link__count" data-testid="chat-unread-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
