import { videoEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { type SearchRules, searchQueryOptions } from '@web/lib/search-query.ts';

/** The video field's search: ten matches from the second character, each answer standing a minute. */
const VIDEO_SEARCH: SearchRules = { matches: 10, startsAt: 2, keepsEarlier: false, freshFor: 60_000 };

/** Videos of the global library matching a title, for the video that answers a request. */
const globalVideoSearchQueryOptions = (search: string) =>
  searchQueryOptions(['hep-request-video-search'], search, VIDEO_SEARCH, (words, matches, signal) =>
    call(videoEndpoints.list, { query: { search: words, scope: 'global', page_size: matches }, signal }),
  );

export const useGlobalVideoSearch = (search: string) => useQuery(globalVideoSearchQueryOptions(search));
