import { type BadgePlacement, badgePlacement } from './badge-position.ts';
import './badge.css';

type NewPillProps = BadgePlacement & { isActive: boolean };

/** The 'New' pill that flags a recently released feature. */
export function NewPill({ isActive, ...placement }: NewPillProps) {
  if (!isActive) return null;
  const { className, style } = badgePlacement(placement);
  return (
    <span className={`badge badge--pill ${className}`} style={style} data-testid="new-pill">
      New
    </span>
  );
}
