export { useDownloadMonitoringCsv } from './api/download-monitoring-csv.ts';
export { monitoringKeys } from './api/monitoring-keys.ts';
export type { MonitoringOrigin } from './runner/monitoring-session.ts';
export {
  useMonitoredPatient,
  useMonitoredTarget,
  useMonitoringStore,
  usePausedMonitoring,
} from './runner/monitoring-store.ts';
export { useMonitoringSessions } from './runner/use-monitoring-sessions.ts';
