import { patientAppPaths, patientMeSchema } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** The signed-in patient: name, clinic and therapist. */
export const getMe = (signal?: AbortSignal) => api.get(patientAppPaths.me, { schema: patientMeSchema, signal });

export const useMe = () =>
  useQuery({
    queryKey: patientKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });
