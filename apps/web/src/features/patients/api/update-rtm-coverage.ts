import { patientPaths, patientSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const updateRtmCoverage = ({ id, isCovered }: { id: number; isCovered: boolean }) =>
  api.patch(patientPaths.rtmCoverage(id), { is_rtm_covered: isCovered }, { schema: patientSchema });

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
