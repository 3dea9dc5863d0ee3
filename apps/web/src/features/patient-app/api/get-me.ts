import { patientAppEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** The signed-in patient: name, clinic and therapist. */
export const getMe = (signal?: AbortSignal) => call(patientAppEndpoints.me, { signal });

export const useMe = () =>
  useQuery({
    queryKey: patientKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });
