import { patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientListsStale, usePutPatients } from './refresh-patients.ts';

export const changeTherapist = ({ id, therapistId }: { id: number; therapistId: number }) =>
  call(patientEndpoints.changeTherapist, { params: { id }, body: { therapist_id: therapistId } });

export function useChangeTherapist() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: changeTherapist,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => put([patient]),
    stale: patientListsStale,
  });
}
