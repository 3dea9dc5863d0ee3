import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Figure } from '../lib/figures.ts';

const FIGURE_COUNT = 8;

/** Each figure a card and a link to the list behind it; the cards wrap, two a row on a phone. */
export function FigureCards({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <ul className="figure-cards" aria-label={label}>
      {figures.map((figure) => {
        const body = (
          <>
            <span className="figure-card__label">{figure.label}</span>
            <span className="figure-card__value tabular">{figure.value}</span>
            <span className="figure-card__text">
              {figure.tone === 'warning' && <AlertTriangle size={16} aria-hidden="true" />}
              {figure.tone === 'success' && <CheckCircle2 size={16} aria-hidden="true" />}
              {figure.text}
            </span>
          </>
        );
        return (
          <li key={figure.key} className={`figure-card figure-card--${figure.tone}`}>
            {figure.isOnPage ? (
              <a className="figure-card__link" href={figure.href}>
                {body}
              </a>
            ) : (
              <Link className="figure-card__link" to={figure.href}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The cards' places while the figures load, announced once. */
export function FigureSkeletons() {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading the figures</span>
      <ul className="figure-cards" aria-hidden="true">
        {Array.from({ length: FIGURE_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <li key={index} className="figure-card">
            <span className="figure-card__link">
              <Skeleton width="60%" height="14px" />
              <Skeleton width="40%" height="32px" />
              <Skeleton width="80%" height="12px" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
