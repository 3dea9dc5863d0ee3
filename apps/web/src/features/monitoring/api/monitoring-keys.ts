/**
 * Query keys of monitored minutes. Everything about one patient starts with `monitoringKeys.patient(id)`: a
 * monitoring session's end and a logged or deleted call invalidate that prefix, and the minutes shown follow.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  patient: (patientId: number) => [...monitoringKeys.all, 'patient', patientId] as const,
  /** The patient's RTM status today: minutes, data days and codes (decision 0803). */
  rtmStatus: (patientId: number) => [...monitoringKeys.patient(patientId), 'rtm-status'] as const,
  /** One page of a month; `month` null: the clinic's current month. */
  month: (patientId: number, month: string | null, page: number) =>
    [...monitoringKeys.patient(patientId), 'month', month, page] as const,
};
