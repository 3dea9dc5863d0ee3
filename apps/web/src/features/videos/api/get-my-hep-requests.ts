import { videoEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** The caller's own video requests with the content team's answers, newest first. */
export const getMyHepRequests = (page: number, signal?: AbortSignal) =>
  call(videoEndpoints.myHepRequests, { query: { page }, signal });

/** Starts with the key the request form invalidates, so a request just sent shows at once. */
export const useMyHepRequests = (page: number, isEnabled: boolean) =>
  useQuery({
    queryKey: ['hep-requests', 'mine', page],
    queryFn: ({ signal }) => getMyHepRequests(page, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });
