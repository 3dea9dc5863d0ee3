/** Query keys of a patient's reminders, for staff; a save makes everything under `patient(id)` stale. */
export const reminderKeys = {
  all: ['reminders'] as const,
  patient: (patientId: number) => [...reminderKeys.all, 'patient', patientId] as const,
  schedule: (patientId: number) => [...reminderKeys.patient(patientId), 'schedule'] as const,
  sent: (patientId: number, page: number) => [...reminderKeys.patient(patientId), 'sent', page] as const,
  adherence: (patientId: number) => [...reminderKeys.patient(patientId), 'adherence'] as const,
};
