import { patientEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { notify } from '@web/lib/notify.ts';
import { patientListsStale, usePutPatients } from './refresh-patients.ts';

export const updateRtmCoverage = ({ id, isCovered }: { id: number; isCovered: boolean }) =>
  call(patientEndpoints.rtmCoverage, { params: { id }, body: { is_rtm_covered: isCovered } });

/** A switch that acts at once; a failure comes back as a toast and the switch shows the server's value. */
export function useUpdateRtmCoverage() {
  const put = usePutPatients();
  return useChangeMutation({
    mutationFn: updateRtmCoverage,
    onSuccess: (patient) => {
      notify.success(
        patient.is_rtm_covered
          ? `${patient.display_name} is now covered for RTM`
          : `${patient.display_name} is no longer covered for RTM`,
      );
      put([patient]);
    },
    stale: patientListsStale,
  });
}
