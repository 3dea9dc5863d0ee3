import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import './auth-forms.css';

type AuthOutcomeProps = { icon: LucideIcon; title: string; children: ReactNode; action?: ReactNode };

/** The result that replaces a form once it has done its job; focus moves to it so it is read out. */
export function AuthOutcome({ icon: Icon, title, children, action }: AuthOutcomeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="auth-outcome" aria-live="polite">
      <span className="auth-outcome__icon">
        <Icon size={28} aria-hidden="true" />
      </span>
      <h2 ref={headingRef} className="auth-outcome__title" tabIndex={-1}>
        {title}
      </h2>
      <div className="auth-outcome__text">{children}</div>
      {action}
    </section>
  );
}
