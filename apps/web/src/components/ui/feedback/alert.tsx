import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import './feedback.css';

type Tone = 'info' | 'success' | 'warning' | 'danger';

const icons = { info: Info, success: CheckCircle2, warning: AlertTriangle, danger: XCircle } as const;

type AlertProps = { tone?: Tone; title?: string; children: ReactNode; id?: string };

/** An inline message; errors and warnings are announced at once, the rest politely. */
export function Alert({ tone = 'info', title, children, id }: AlertProps) {
  const Icon = icons[tone];
  const isUrgent = tone === 'danger' || tone === 'warning';
  return (
    <div id={id} className={`alert alert--${tone}`} role={isUrgent ? 'alert' : 'status'}>
      <Icon className="alert__icon" size={20} aria-hidden="true" />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
