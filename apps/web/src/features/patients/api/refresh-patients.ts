import type { Patient } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { Stale } from '@web/lib/change-mutation.ts';
import { patientQueryKey } from './get-patient.ts';
import { patientsQueryKey } from './get-patients.ts';

/** After a change every list is stale: status, therapist or coverage may have moved a patient in or out of a filter. */
export const patientListsStale: readonly Stale[] = [[...patientsQueryKey, 'list']];

/** The patients' own reads, for a change whose answer leaves out what the read adds (call and chat status). */
export const patientDetailsStale: readonly Stale[] = [[...patientsQueryKey, 'detail']];

/** After a change the server's answer is the truth for the dashboards it names. */
export const usePutPatients = () => {
  const queryClient = useQueryClient();
  return (changed: readonly Patient[]) => {
    // The answer has no call status or chat freshness (decision 0901): the last ones read stay until the next read.
    for (const patient of changed) {
      queryClient.setQueryData(patientQueryKey(patient.id), (old: object | undefined) => ({ ...old, ...patient }));
    }
  };
};
