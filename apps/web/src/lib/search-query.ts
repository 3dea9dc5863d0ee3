import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';

/** How a search box asks the server; each is something its user notices, so each box states its own. */
export type SearchRules = {
  /** How many matches one answer holds. */
  matches: number;
  /** How many characters start the search; fewer ask nothing. */
  startsAt: number;
  /** Whether the earlier matches stay shown while the next ones are on their way. */
  keepsEarlier: boolean;
  /** How long (ms) an answer stands for the same words before they are asked again; none by default. */
  freshFor?: number;
};

/** Asks the server for `matches` matches of `search`. */
type Find<T> = (search: string, matches: number, signal: AbortSignal) => Promise<T>;

/**
 * The query of a search box as the person types (the words already debounced): asked by its trimmed words, under
 * `key`, and silent on failure, since the box itself says the search failed.
 */
export const searchQueryOptions = <T>(key: QueryKey, search: string, rules: SearchRules, find: Find<T>) => {
  const words = search.trim();
  return queryOptions({
    queryKey: [...key, rules.matches, words],
    queryFn: ({ signal }) => find(words, rules.matches, signal),
    enabled: words.length >= rules.startsAt,
    staleTime: rules.freshFor ?? 0,
    placeholderData: rules.keepsEarlier ? keepPreviousData : undefined,
    meta: { errorHandling: 'silent' },
  });
};
