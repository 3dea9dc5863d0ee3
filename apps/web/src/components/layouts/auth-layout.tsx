import { paths } from '@web/config/paths.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Brand } from './brand.tsx';
import './auth-layout.css';

/** Frame of the public screens: the brand, one card, and nothing to get lost in. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="auth-layout__header">
        <Link to={paths.login.getHref()} className="auth-layout__brand" aria-label="Rehabit, sign in">
          <Brand />
        </Link>
      </header>
      <main id="main-content" className="auth-layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="auth-layout__footer">
        Rehabit · Home exercise programs and remote monitoring for clinics
      </footer>
    </div>
  );
}

/**
 * The public frame with nothing but the brand and one card, for screens shown when a page could not be:
 * no link out that could lead back into the failure.
 */
export function StandaloneCard({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">
        <Brand />
      </header>
      <main id="main-content" className="auth-layout__main">
        <div className="auth-card">{children}</div>
      </main>
    </div>
  );
}

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; isWide?: boolean };

export function AuthCard({ title, subtitle, children, isWide = false }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <section className={isWide ? 'auth-card auth-card--wide' : 'auth-card'} aria-labelledby="auth-card-title">
      <div className="auth-card__heading">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
      </div>
      {children}
    </section>
  );
}
