import { formatElapsed } from '@rehabit/contract';
import { Clock } from 'lucide-react';
import './monitoring-banner.css';

type MonitoringBannerProps = {
  isMonitoring: boolean;
  /** First name and last initial, e.g. 'Maria L.'. */
  displayName: string;
  seconds: number;
  isOfficeManager: boolean;
};

/** Seed §1: shown while monitoring is on, and never to office managers (they are not monitored). */
export function MonitoringBanner({ isMonitoring, displayName, seconds, isOfficeManager }: MonitoringBannerProps) {
  if (!isMonitoring || isOfficeManager) return null;
  return (
    <section className="monitoring-banner" aria-label="Monitoring">
      <Clock size={16} aria-hidden="true" />
      <span>
        {displayName} is being monitored: <span className="tabular">{formatElapsed(seconds)}</span>
      </span>
    </section>
  );
}
