import { newFeatureKeys } from '@rehabit/contract';
import { bottomMenuHiddenPatterns } from '@web/config/paths.ts';
import { useUnreadChatCount } from '@web/features/chat';
import type { SessionUser } from '@web/features/session';
import { useIsMobile } from '@web/lib/device.ts';
import dayjs from 'dayjs';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { BottomNav } from './bottom-nav.tsx';
import { ChatPanel } from './chat-panel.tsx';
import { DeliveryWarning } from './delivery-warning.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { navItemsFor } from './nav-items.ts';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import './main-layout.css';

type MainLayoutProps = {
  user: SessionUser;
  onSignOut: () => void;
  isSigningOut?: boolean;
  /** Where the monitoring pill and banner render while a patient is being monitored. */
  monitoring?: ReactNode;
  /** Desktop chat room list and messages; an empty state until chat is connected. */
  chat?: ReactNode;
  children: ReactNode;
};

export function MainLayout({ user, onSignOut, isSigningOut, monitoring, chat, children }: MainLayoutProps) {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const items = navItemsFor(user.role);
  const unreadChats = useUnreadChatCount(user.role);
  const flags = {
    hasNewBilling: user.is_new_billing_uploaded,
    newFeatures: newFeatureKeys(dayjs().format('YYYY-MM-DD'), user.is_feature_notification_on),
    unreadChats,
  };
  const isBottomMenuHidden = bottomMenuHiddenPatterns.some((pattern) => matchPath(pattern, pathname));
  const hasBottomMenu = isMobile && !isBottomMenuHidden;
  const classes = [
    'main-layout',
    isMobile ? 'main-layout--mobile' : 'main-layout--desktop',
    hasBottomMenu && 'main-layout--with-bottom-menu',
  ];

  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {!isMobile && <SideNav items={items} flags={flags} />}
      <div className="main-layout__body">
        <TopBar
          clinicName={user.clinic_name}
          displayName={user.display_name}
          email={user.email}
          role={user.role}
          isMobile={isMobile}
          onSignOut={onSignOut}
          isSigningOut={isSigningOut}
          monitoring={monitoring}
        />
        {user.isRestricted && (
          <p className="restricted-banner" role="note">
            <ShieldAlert size={18} aria-hidden="true" />
            <span>
              <strong>Demo account.</strong> Everything is visible, but nothing leaves Rehabit: no e-mails or text
              messages are sent.
            </span>
          </p>
        )}
        <DeliveryWarning role={user.role} />
        <main id="main-content" className="main-layout__content" tabIndex={-1}>
          {children}
        </main>
      </div>
      {!isMobile && <ChatPanel>{chat}</ChatPanel>}
      {hasBottomMenu && <BottomNav items={items} flags={flags} role={user.role} />}
      {isMobile && <MobileMenu items={items} flags={flags} onSignOut={onSignOut} />}
    </div>
  );
}
