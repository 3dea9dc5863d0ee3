import { BANNER_SNOOZE_DAYS, type BannerKey, can, type Patient } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { useBanners, useSnoozeBanner } from '@web/features/patients/api/banners.ts';
import type { SessionUser } from '@web/features/session';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';

const isDay = (cause: string) => /^\d{4}-\d{2}-\d{2}$/.test(cause);

/** What each banner says, from its cause (the last data day, the last program change). */
const texts: Record<BannerKey, (cause: string) => string> = {
  no_call: () => 'No live call is logged this month.',
  no_data: (cause) =>
    isDay(cause) ? `No patient data since ${formatDate(cause)}.` : 'No patient data since onboarding.',
  program_stale: (cause) =>
    isDay(cause)
      ? `The program has not been updated since ${formatDate(cause)}.`
      : 'No program has been set since onboarding.',
  no_consent: () => 'RTM consent is missing: nothing can be billed without it.',
  billing_close: () => 'Close to a billing threshold this month.',
};

/** Where each banner is solved: a section of the dashboard, or the edit dialog for consent. */
const solutions: Record<BannerKey, { label: string; href?: string }> = {
  no_call: { label: 'Log a call', href: '#interaction-log' },
  no_data: { label: 'See progress', href: '#progress' },
  program_stale: { label: 'Review the program', href: '#program' },
  no_consent: { label: 'Record consent' },
  billing_close: { label: 'See RTM this month', href: '#rtm-card-title' },
};

type Props = {
  patient: Patient;
  user: SessionUser;
  /** Opens the edit dialog, where consent is recorded; left out when the caller may not edit the patient. */
  onEditDetails?: () => void;
};

/** "Needs attention" on an onboarded patient's dashboard: each banner, where it is solved, and a 7-day snooze. */
export function BannerStrip({ patient, user, onEditDetails }: Props) {
  const banners = useBanners(patient);
  const snooze = useSnoozeBanner(patient);
  const [snoozed, setSnoozed] = useState('');
  // The banners ask for work on the patient's program and calls: only those who do it see them.
  if (!can(user.role, 'programs.edit') || !banners.data) return null;
  const shown = banners.data.banners;
  // The live region stays while it has something to say, so the last snooze is announced too.
  if (shown.length === 0 && !snoozed) return null;

  return (
    <section className="banner-strip" aria-labelledby="banner-strip-title">
      <h2 id="banner-strip-title" className="visually-hidden">
        Needs attention
      </h2>
      <p className="visually-hidden" role="status">
        {snoozed}
      </p>
      {shown.length > 0 && (
        <ul className="banner-strip__list">
          {shown.map(({ banner, cause }) => {
            const text = texts[banner](cause);
            const solution = solutions[banner];
            return (
              <li key={banner} className="banner-strip__item">
                <AlertTriangle size={18} aria-hidden="true" className="banner-strip__icon" />
                <span className="banner-strip__text">{text}</span>
                <span className="banner-strip__actions">
                  {solution.href ? (
                    <a className="btn btn--secondary btn--sm" href={solution.href}>
                      {solution.label}
                    </a>
                  ) : (
                    onEditDetails && (
                      <Button variant="secondary" size="sm" onClick={onEditDetails}>
                        {solution.label}
                      </Button>
                    )
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Snooze for ${BANNER_SNOOZE_DAYS} days: ${text}`}
                    isLoading={snooze.isPending && snooze.variables === banner}
                    disabled={snooze.isPending}
                    onClick={() =>
                      snooze.mutate(banner, {
                        onSuccess: () => setSnoozed(`Snoozed for ${BANNER_SNOOZE_DAYS} days: ${text}`),
                      })
                    }
                  >
                    Snooze {BANNER_SNOOZE_DAYS} days
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
