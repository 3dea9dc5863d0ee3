import type { Patient } from '@rehabit/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { patientQueryKey } from './get-patient.ts';
import { patientsQueryKey } from './get-patients.ts';

/**
 * After a change the server's answer is the truth for the dashboards it names, and every list is
 * stale: status, therapist or coverage may have moved a patient in or out of a filter.
 */
export function refreshPatients(queryClient: QueryClient, changed: readonly Patient[]) {
  // The answer has no call status or chat freshness (decision 0901): the last ones read stay until the next read.
  for (const patient of changed) {
    queryClient.setQueryData(patientQueryKey(patient.id), (old: object | undefined) => ({ ...old, ...patient }));
  }
  return queryClient.invalidateQueries({ queryKey: [...patientsQueryKey, 'list'] });
}

export const useRefreshPatients = () => {
  const queryClient = useQueryClient();
  return (changed: readonly Patient[]) => refreshPatients(queryClient, changed);
};
