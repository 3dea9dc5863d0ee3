/** Query keys of the patient's own data; every one starts with ['patient-app'] except chat, which lib/chat shares. */
export const patientKeys = {
  all: ['patient-app'] as const,
  me: ['patient-app', 'me'] as const,
  today: ['patient-app', 'today'] as const,
  progress: (weeksAgo: number) => ['patient-app', 'progress', weeksAgo] as const,
  measures: ['patient-app', 'measures'] as const,
  reminders: ['patient-app', 'reminders'] as const,
  /** Under ['chat'] so sign-out and reconnects reach it with the other chat caches. */
  chat: ['chat', 'patient-own'] as const,
};
