import type { MonitoringCode, MonitoringEndReason } from '@rehabit/contract';

/** Where the clinician was while monitored, in words. */
export const contextLabels: Record<MonitoringCode, string> = {
  MONITORING_CODE_PATIENT_DASHBOARD: 'Patient dashboard',
  MONITORING_CODE_DESKTOP_CHAT: 'Chat (desktop)',
  MONITORING_CODE_MOBILE_CHAT: 'Chat (phone)',
};

/** Why a session ended, in words. */
export const endReasonLabels: Record<MonitoringEndReason, string> = {
  hidden_inactive: 'Tab hidden, or window left inactive',
  sleep: 'Computer slept or locked',
  left: 'Left the patient or the screen',
  idle: 'Idle for 5 minutes',
  stale: 'No heart-beat for 45 s; ended by the server',
  patient_discharged: 'Patient discharged; ended by the server',
  patient_removed: 'Patient removed; ended by the server',
  therapist_changed: 'Therapist changed; ended by the server',
};

/** Seconds as minutes and seconds: `0 s`, `45 s`, `2 min 5 s`, `12 min`. */
export function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return `${seconds} s`;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}
