import { patientProgramEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** One week (Sunday to Saturday in the clinic's timezone) of the patient's own progress. */
export const getProgress = (weeksAgo: number, signal?: AbortSignal) =>
  call(patientProgramEndpoints.progress, { query: { weeks_ago: weeksAgo }, signal });

export const useProgress = (weeksAgo: number) =>
  useQuery({
    queryKey: patientKeys.progress(weeksAgo),
    queryFn: ({ signal }) => getProgress(weeksAgo, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });
