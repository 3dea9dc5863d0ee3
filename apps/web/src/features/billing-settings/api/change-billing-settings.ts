import { type BillingSettingsChange, billingEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { billingSettingsQueryKey } from './get-billing-settings.ts';

export const changeBillingSettings = (clinicCode: string | undefined, body: BillingSettingsChange) =>
  call(billingEndpoints.changeSettings, { query: { clinic_code: clinicCode }, body });

/**
 * The answer is the settings as they now are, kept as the settings query's data; the rest of billing (units,
 * chart) is read again, since rates and the timezone make its figures.
 */
export function useChangeBillingSettings(clinicCode: string | undefined) {
  const queryClient = useQueryClient();
  const settingsKey = billingSettingsQueryKey(clinicCode);
  return useChangeMutation({
    mutationFn: (body: BillingSettingsChange) => changeBillingSettings(clinicCode, body),
    meta: { errorHandling: 'form' },
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
    stale: [{ queryKey: ['billing'], predicate: (query) => query.queryKey[1] !== settingsKey[1] }],
  });
}
