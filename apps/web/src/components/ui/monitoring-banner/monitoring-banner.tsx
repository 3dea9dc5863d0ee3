import { formatElapsed } from '@rehabit/contract';
import { Clock } from 'lucide-react';
import './monitoring-banner.css';

type MonitoringBannerProps = {
  isMonitoring: boolean;
  /** First name and last initial, e.g. 'Maria L.'. */
  displayName: string;
  seconds: number;
  isOfficeManager: boolean;
  /** Monitoring the server refused on this screen (the patient was discharged or removed), and why. */
  refusal?: { displayName: string; why: string } | null;
};

/**
 * The pill in the top bar (decision 1180), in the banner's words with its clock icon (decision 0704): one element, so
 * the screen does not say it twice. Shown while monitoring is on, and never to office managers (they are not
 * monitored).
 */
export function MonitoringBanner({
  isMonitoring,
  displayName,
  seconds,
  isOfficeManager,
  refusal,
}: MonitoringBannerProps) {
  if (isOfficeManager) return null;
  if (!isMonitoring && refusal) {
    // In the pill's place, so the clinician sees why the time stopped rather than a pill that simply went away.
    return (
      <p className="monitoring-banner monitoring-banner--stopped" role="status" title={refusal.why}>
        <Clock size={16} aria-hidden="true" />
        <span className="monitoring-banner__text">
          <span className="monitoring-banner__name">
            Monitoring of {refusal.displayName} stopped. {refusal.why}.
          </span>
        </span>
      </p>
    );
  }
  if (!isMonitoring) return null;
  return (
    <section className="monitoring-banner" aria-label="Monitoring timer">
      <Clock size={16} aria-hidden="true" />
      <span className="monitoring-banner__text">
        <span className="monitoring-banner__name">{displayName}</span>
        {/* On a phone the pill keeps to the name and the time, between the clinic's name and the account menu. */}
        <span className="monitoring-banner__words"> is being monitored:</span>
        <span className="tabular"> {formatElapsed(seconds)}</span>
      </span>
    </section>
  );
}
