import type { ReactNode } from 'react';
import './round-icon.css';

/** An icon in a soft round badge, marking what kind of entry a list row is (a call, a session). Decorative. */
export function RoundIcon({ children }: { children: ReactNode }) {
  return (
    <span className="round-icon" aria-hidden="true">
      {children}
    </span>
  );
}
