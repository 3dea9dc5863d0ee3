import { type ClinicDetailsChange, clinicSettingsEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { clinicQueryKey } from './get-clinic.ts';

export const changeClinicDetails = (clinicCode: string, body: ClinicDetailsChange) =>
  call(clinicSettingsEndpoints.changeDetails, { params: { clinicCode }, body });

/**
 * The answer is the clinic as it now is. The signed-in user carries the clinic's name (the top bar shows it), and
 * the platform admin's clinic list and views show it too, so both are read again.
 */
export function useChangeClinicDetails(clinicCode: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (body: ClinicDetailsChange) => changeClinicDetails(clinicCode, body),
    meta: { errorHandling: 'form' },
    onSuccess: (clinic) => queryClient.setQueryData(clinicQueryKey(clinicCode), clinic),
    stale: [currentUserQueryKey, ['admin', 'clinics']],
  });
}

/** Turns the handout's PDF attachment on or off (decision 1415); a refusal is shown as a notice. */
export function useChangeHandoutAttachments(clinicCode: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (allowed: boolean) => changeClinicDetails(clinicCode, { handout_attachments: allowed }),
    onSuccess: (clinic) => queryClient.setQueryData(clinicQueryKey(clinicCode), clinic),
  });
}
