import { billingEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { monthParts } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** An admin makes a clinic's month's file again from the data as it stands. */
export const regenerateBillingFile = (clinicCode: string, month: string) =>
  call(billingEndpoints.regenerateFile, { params: { clinicCode, ...monthParts(month) } });

export function useRegenerateBillingFile(clinicCode: string, month: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: () => regenerateBillingFile(clinicCode, month),
    meta: { errorHandling: 'silent' },
    onSuccess: (status) => {
      queryClient.setQueryData(billingKeys.file(clinicCode, month), status);
    },
    // The clinic's staff now have the round '1', the admin too when it is their own clinic.
    stale: [currentUserQueryKey],
  });
}
