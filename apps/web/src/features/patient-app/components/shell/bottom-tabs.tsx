import { paths } from '@web/config/paths.ts';
import { usePatientChat } from '@web/features/patient-app/api/get-chat.ts';
import { CalendarCheck, LineChart, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Today, Progress and Chat: the whole patient side, one tap away at the bottom of the phone. */
export function BottomTabs() {
  const { t } = useTranslation();
  const unread = usePatientChat().data?.unread_message_count ?? 0;
  const tabs = [
    { to: paths.myToday.getHref(), label: t('nav.today'), icon: CalendarCheck },
    { to: paths.myProgress.getHref(), label: t('nav.progress'), icon: LineChart },
    { to: paths.myChat.getHref(), label: t('nav.chat'), icon: MessageCircle, unread },
  ];
  return (
    <nav className="pa-tabs" aria-label={t('nav.label')}>
      <ul className="pa-tabs__list">
        {tabs.map(({ to, label, icon: Icon, unread: count = 0 }) => (
          <li key={to}>
            <NavLink
              to={to}
              className="pa-tabs__link"
              aria-label={count > 0 ? `${label}, ${t('nav.unread', { count })}` : undefined}
            >
              <span className="pa-tabs__icon">
                <Icon size={26} aria-hidden="true" />
                {count > 0 && (
                  <span className="pa-tabs__badge" aria-hidden="true" data-testid="chat-unread-badge">
                    {count > 9 ? '9+' : count}
                  </span>
                )}
              </span>
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
