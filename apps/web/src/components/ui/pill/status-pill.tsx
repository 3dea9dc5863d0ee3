import type { ReactNode } from 'react';
import './status-pill.css';

export type PillTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short status word on a tinted background; the word carries the meaning, the colour only helps. */
export function StatusPill({ tone = 'neutral', children }: { tone?: PillTone; children: ReactNode }) {
  return <span className={`status-pill status-pill--${tone}`}>{children}</span>;
}
