import { videoEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** The content team's queue of requested videos, every clinic's; admins only. */
export const getHepRequests = (page: number, signal?: AbortSignal) =>
  call(videoEndpoints.hepRequests, { query: { page }, signal });

export const useHepRequests = (page: number, isEnabled: boolean) =>
  useQuery({
    queryKey: ['hep-requests', page],
    queryFn: ({ signal }) => getHepRequests(page, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });
