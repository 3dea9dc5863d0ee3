import { patientDataEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const progressQueryKey = (patientId: number) => ['progress', patientId] as const;

export const getProgress = (patientId: number, weeksAgo: number, signal?: AbortSignal) =>
  call(patientDataEndpoints.progress, { params: { patientId }, query: { weeks_ago: weeksAgo }, signal });

/** One week of the patient's progress; the previous week stays on screen while the next one loads. */
export const useProgress = (patientId: number, weeksAgo: number) =>
  useQuery({
    queryKey: [...progressQueryKey(patientId), weeksAgo],
    queryFn: ({ signal }) => getProgress(patientId, weeksAgo, signal),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });
