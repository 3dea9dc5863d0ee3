import '@web/features/patient-app/patient-app.css';
import { Brand } from '@web/components/layouts/brand.tsx';
import { usePatientPageLanguage } from '@web/features/patient-app/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';

/** The frame of the patient's pages before signing in (sign-in, sign-up): the brand, the language switch, the page. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  usePatientPageLanguage();
  return (
    <div className="pa-app pa-login">
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <header className="pa-header">
        <Brand />
        <LanguageSwitch />
      </header>
      <main id="main-content" className="pa-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
