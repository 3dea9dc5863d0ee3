import { Button } from '@web/components/ui/button/button.tsx';
import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemKey } from '../lib/problem-key.ts';

/** A whole-screen message: empty, or failed with a way to try again. */
export function StateCard({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="pa-card pa-state" aria-label={title}>
      <Icon size={40} aria-hidden="true" className="pa-state__icon" />
      <h2 className="pa-card__title">{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </section>
  );
}

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <StateCard
        icon={AlertTriangle}
        title={title}
        action={
          <Button variant="secondary" size="lg" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        }
      >
        {t(problemKey(error) === 'errors.generic' ? 'errors.loadFailed' : problemKey(error))}
      </StateCard>
    </div>
  );
}
