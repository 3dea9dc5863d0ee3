import { patientDataEndpoints, progressTrendEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Every progress read of a patient (weeks and trend) starts with this key, so one invalidation renews them all. */
export const progressQueryKey = (patientId: number) => ['progress', patientId] as const;

export const getProgress = (patientId: number, weeksAgo: number, signal?: AbortSignal) =>
  call(patientDataEndpoints.progress, { params: { patientId }, query: { weeks_ago: weeksAgo }, signal });

/** One week of the patient's progress; the previous week stays on screen while the next one loads. */
export const useProgress = (patientId: number, weeksAgo: number, enabled = true) =>
  useQuery({
    queryKey: [...progressQueryKey(patientId), weeksAgo],
    queryFn: ({ signal }) => getProgress(patientId, weeksAgo, signal),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorHandling: 'silent' },
  });

/** The weeks of the patient's episode: engagement, pain and steps week by week. */
export const useProgressTrend = (patientId: number) =>
  useQuery({
    queryKey: [...progressQueryKey(patientId), 'trend'],
    queryFn: ({ signal }) => call(progressTrendEndpoints.progressTrend, { params: { patientId }, signal }),
    meta: { errorHandling: 'silent' },
  });
