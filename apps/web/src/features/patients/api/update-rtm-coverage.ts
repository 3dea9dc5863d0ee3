import { patientEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { notify } from '@web/lib/notify.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const updateRtmCoverage = ({ id, isCovered }: { id: number; isCovered: boolean }) =>
  call(patientEndpoints.rtmCoverage, { params: { id }, body: { is_rtm_covered: isCovered } });

/** A switch that acts at once; a failure comes back as a toast and the switch shows the server's value. */
export function useUpdateRtmCoverage() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: updateRtmCoverage,
    onSuccess: (patient) => {
      notify.success(
        patient.is_rtm_covered
          ? `${patient.display_name} is now covered for RTM`
          : `${patient.display_name} is no longer covered for RTM`,
      );
      return refresh([patient]);
    },
  });
}
