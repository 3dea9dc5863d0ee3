import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import type { ReactNode } from 'react';
import './page.css';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode; badge?: ReactNode };

/** A page title, one line of context, and the primary action at the top right. */
export function PageHeader({ title, description, actions, badge }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">
          {title}
          {badge}
        </h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
