import '@web/features/patient-app/i18n/reminder-strings.ts';
import { paths } from '@web/config/paths.ts';
import { useMyReminders } from '@web/features/patient-app/api/reminders.ts';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './reminders.css';

/** On Today while reminders are off: a line about them and the way to set them up. Nothing while they load or fail. */
export function RemindersCard() {
  const { t } = useTranslation();
  const schedule = useMyReminders();
  if (!schedule.data || schedule.data.enabled) return null;
  return (
    <section className="pa-card pa-reminder-card" aria-labelledby="reminder-card-title">
      <h2 id="reminder-card-title" className="pa-card__title">
        <BellRing size={24} aria-hidden="true" /> {t('reminders.cardTitle')}
      </h2>
      <p>{t('reminders.cardText')}</p>
      <Link className="btn btn--secondary btn--lg btn--full" to={paths.myReminders.getHref()}>
        {t('reminders.cardLink')}
      </Link>
    </section>
  );
}
