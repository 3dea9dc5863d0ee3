import { billingEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Admins name the clinic; clinic staff read their own (`clinicCode` undefined). */
export const getBillingSettings = (clinicCode: string | undefined, signal?: AbortSignal) =>
  call(billingEndpoints.settings, { query: { clinic_code: clinicCode }, signal });

/** Under `billing`: a change of rates or timezone changes what the billing screen's figures are too. */
export const billingSettingsQueryKey = (clinicCode: string | undefined) =>
  ['billing', 'settings', clinicCode ?? null] as const;

export const billingSettingsQueryOptions = (clinicCode: string | undefined) =>
  queryOptions({
    queryKey: billingSettingsQueryKey(clinicCode),
    queryFn: ({ signal }) => getBillingSettings(clinicCode, signal),
    meta: { errorHandling: 'silent' },
  });

/** `enabled`: false until the caller knows which clinic (an admin who has not chosen one reads nothing). */
export const useBillingSettings = (clinicCode: string | undefined, enabled = true) =>
  useQuery({ ...billingSettingsQueryOptions(clinicCode), enabled });
