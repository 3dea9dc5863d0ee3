import { type BadgePlacement, badgePlacement } from './badge-position.ts';
import './badge.css';

type RoundBadgeProps = BadgePlacement & {
  isActive: boolean;
  /** What the '1' means, for screen readers. */
  label?: string;
};

/** The round '1' that signals a newly uploaded billing document. */
export function RoundBadge({ isActive, label = 'New billing file', ...placement }: RoundBadgeProps) {
  if (!isActive) return null;
  const { className, style } = badgePlacement(placement);
  return (
    <span className={`badge badge--round ${className}`} style={style} data-testid="round-badge">
      <span aria-hidden="true">1</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
