import '@web/features/patient-app/i18n/reminder-strings.ts';
// Signing out turns this phone's push notifications off (decision 1365).
import '@web/features/patient-app/lib/push-device.ts';
import { Brand } from '@web/components/layouts/brand.tsx';
import { paths } from '@web/config/paths.ts';
import { usePatientPageLanguage } from '@web/features/patient-app/i18n/i18n.ts';
import { useSendKeptLogs } from '@web/features/patient-app/lib/use-exercise-outbox.ts';
import { usePatientChatEvents } from '@web/features/patient-app/lib/use-patient-chat-events.ts';
import { useLogout } from '@web/features/session';
import { BellRing, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '../language-switch.tsx';
import { VisitRing } from '../visit/visit-ring.tsx';
import { AppNotices } from './app-notices.tsx';
import { BottomTabs } from './bottom-tabs.tsx';
import '@web/features/patient-app/patient-app.css';
import '../reminders/reminders.css';

/** The patient's frame on a phone: one column, the clinic's name on top, Today, Progress and Chat below. */
export function PatientShell({
  userId,
  clinicName,
  children,
}: {
  userId: number;
  clinicName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const signOut = useLogout(paths.patientLogin.getHref());
  usePatientChatEvents(userId);
  useSendKeptLogs(userId);
  usePatientPageLanguage();

  return (
    <div className="pa-app pa-shell">
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <header className="pa-header">
        <div className="pa-header__brand">
          <Brand isCompact />
          <span className="pa-header__clinic">{clinicName}</span>
        </div>
        <NavLink
          to={paths.myReminders.getHref()}
          className="pa-icon-button pa-header__reminders"
          aria-label={t('reminders.menu')}
          title={t('reminders.menu')}
        >
          <BellRing size={24} aria-hidden="true" />
        </NavLink>
        <button
          type="button"
          className="pa-icon-button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          aria-label={t('common.signOut')}
          title={t('common.signOut')}
        >
          <LogOut size={24} aria-hidden="true" />
        </button>
      </header>
      <AppNotices />
      <VisitRing />
      <main id="main-content" className="pa-main" tabIndex={-1}>
        {children}
        <div className="pa-shell__language">
          <LanguageSwitch />
        </div>
      </main>
      <BottomTabs />
    </div>
  );
}
