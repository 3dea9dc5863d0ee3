import { monitoringKeys } from '@web/features/monitoring';
import type { Stale } from '@web/lib/change-mutation.ts';
import { interactionsQueryKey } from './get-interactions.ts';
import { patientQueryKey } from './get-patient.ts';
import { patientListsStale } from './refresh-patients.ts';

/** What a call logged or deleted makes stale: the log, and the patient's monitored month a live call counts in. */
export const interactionStale = (patientId: number): readonly Stale[] => [
  interactionsQueryKey(patientId),
  monitoringKeys.patient(patientId),
  // The header's and the lists' call status follow the logged calls (decision 0901).
  { queryKey: patientQueryKey(patientId), exact: true },
  ...patientListsStale,
];
