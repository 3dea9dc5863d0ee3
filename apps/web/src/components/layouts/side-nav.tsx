import { paths } from '@web/config/paths.ts';
import { Link } from 'react-router';
import { Brand } from './brand.tsx';
import { useChatPanelStore } from './chat-panel-store.ts';
import type { NavItem } from './nav-items.ts';
import { type NavFlags, NavLinkContent } from './nav-link-content.tsx';
import { SeenNewFeatures } from './seen-new-features.tsx';
import { useIsNavItemActive } from './use-nav-state.ts';
import './nav.css';

export const CHAT_PANEL_ID = 'chat-panel';

/** Desktop left rail. Chat opens the right-hand panel instead of leaving the page. */
export function SideNav({ items, flags }: { items: readonly NavItem[]; flags: NavFlags }) {
  const isActive = useIsNavItemActive();
  const isChatOpen = useChatPanelStore((state) => state.isChatPanelOpen);
  const toggleChat = useChatPanelStore((state) => state.toggleChatPanel);
  return (
    <nav className="side-nav" aria-label="Main">
      <Link to={paths.patients.getHref()} className="side-nav__brand" aria-label="Rehabit, patients">
        <Brand />
      </Link>
      <ul className="side-nav__list">
        {items.map((item) => (
          <li key={item.key}>
            {item.key === 'chat' ? (
              <button
                type="button"
                className="nav-link"
                aria-expanded={isChatOpen}
                aria-controls={CHAT_PANEL_ID}
                onClick={toggleChat}
              >
                <NavLinkContent item={item} flags={flags} />
              </button>
            ) : (
              <Link to={item.href} className="nav-link" aria-current={isActive(item) ? 'page' : undefined}>
                <NavLinkContent item={item} flags={flags} />
              </Link>
            )}
          </li>
        ))}
      </ul>
      <SeenNewFeatures count={items.filter((item) => flags.newFeatures.has(item.key)).length} />
    </nav>
  );
}
