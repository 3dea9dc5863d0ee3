import { clinicEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const checkClinicCode = (code: string, signal?: AbortSignal) =>
  call(clinicEndpoints.checkCode, { query: { code }, signal });

export const checkClinicCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['clinics', 'check-code', code],
    queryFn: ({ signal }) => checkClinicCode(code, signal),
    staleTime: 5 * 60_000,
    // The person is typing: one quick retry, then the field says the check failed.
    retry: 1,
    // The field shows the outcome itself.
    meta: { errorHandling: 'silent' },
  });

/** Checks a clinic code; `code` is null while it is not yet worth asking about. */
export const useCheckClinicCode = (code: string | null) =>
  useQuery({ ...checkClinicCodeQueryOptions(code ?? ''), enabled: code !== null });
