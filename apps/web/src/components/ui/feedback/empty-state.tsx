import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './feedback.css';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  /** A sentence on why it is empty and what comes next. */
  description: ReactNode;
  action?: ReactNode;
};

export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <section className="state state--empty" aria-label={title}>
      <span className="state__icon">
        <Icon size={28} aria-hidden="true" />
      </span>
      <h2 className="state__title">{title}</h2>
      <p className="state__text">{description}</p>
      {action && <div className="state__action">{action}</div>}
    </section>
  );
}
