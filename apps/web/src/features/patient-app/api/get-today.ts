import { patientProgramEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** Today's program with what is done already, in the clinic's day. */
export const getToday = (signal?: AbortSignal) => call(patientProgramEndpoints.today, { signal });

export const useToday = () =>
  useQuery({
    queryKey: patientKeys.today,
    queryFn: ({ signal }) => getToday(signal),
    meta: { errorHandling: 'silent' },
  });
