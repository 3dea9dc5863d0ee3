import '@web/features/patient-app/i18n/measure-strings.ts';
import type { DueMeasure } from '@rehabit/contract';
import { paths } from '@web/config/paths.ts';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A check-in the therapist asked for, due today: its question in a line and a big link to answer it. */
export function MeasureDueCard({ measure }: { measure: DueMeasure }) {
  const { t } = useTranslation();
  const titleId = `measure-due-${measure.assignment_id}`;
  return (
    <section className="pa-card pa-measure-due" aria-labelledby={titleId}>
      <h2 id={titleId} className="pa-card__title">
        <ClipboardList size={24} aria-hidden="true" /> {t(`measures.${measure.measure}.card`)}
      </h2>
      <p>{t(`measures.${measure.measure}.cardText`)}</p>
      <Link className="btn btn--primary btn--lg btn--full" to={paths.myMeasure.getHref(measure.assignment_id)}>
        {t('measures.start')}
      </Link>
    </section>
  );
}
