export { useDownloadMonitoringCsv } from './api/download-monitoring-csv.ts';
export { monitoringKeys } from './api/monitoring-keys.ts';
export { useMonitoredPatient, useMonitoringStore } from './runner/monitoring-store.ts';
