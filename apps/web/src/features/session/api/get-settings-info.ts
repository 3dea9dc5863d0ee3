import { authEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const getSettingsInfo = (signal?: AbortSignal) => call(authEndpoints.settingsInfo, { signal });

export const settingsInfoQueryKey = ['session', 'settings-info'] as const;

/** Loaded once per session when missing; a failure is ignored (decision 1312). */
export const settingsInfoQueryOptions = () =>
  queryOptions({
    queryKey: settingsInfoQueryKey,
    queryFn: ({ signal }) => getSettingsInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorHandling: 'silent' },
  });

export const useSettingsInfo = (isEnabled = true) => useQuery({ ...settingsInfoQueryOptions(), enabled: isEnabled });
