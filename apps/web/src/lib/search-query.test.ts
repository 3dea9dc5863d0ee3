import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { searchQueryOptions } from './search-query.ts';

const find = vi.fn(async () => 'answer');

describe('searchQueryOptions', () => {
  it('asks by the trimmed words, for the number of matches the box shows', async () => {
    const options = searchQueryOptions(
      ['patient-search'],
      '  ann ',
      { matches: 8, startsAt: 1, keepsEarlier: true },
      find,
    );
    expect(options.queryKey).toEqual(['patient-search', 8, 'ann']);
    const signal = new AbortController().signal;
    await options.queryFn?.({ signal } as never);
    expect(find).toHaveBeenCalledWith('ann', 8, signal);
  });

  it('starts at the box’s number of characters', () => {
    const rules = { matches: 10, startsAt: 2, keepsEarlier: false };
    expect(searchQueryOptions(['s'], 'a ', rules, find).enabled).toBe(false);
    expect(searchQueryOptions(['s'], 'an', rules, find).enabled).toBe(true);
  });

  it('keeps the earlier matches shown only where the box says so, and reuses answers as long as it says', () => {
    const keeping = searchQueryOptions(['s'], 'an', { matches: 8, startsAt: 1, keepsEarlier: true }, find);
    const replacing = searchQueryOptions(
      ['s'],
      'an',
      { matches: 10, startsAt: 2, keepsEarlier: false, freshFor: 60_000 },
      find,
    );
    expect(keeping.placeholderData).toBe(keepPreviousData);
    expect(keeping.staleTime).toBe(0);
    expect(replacing.placeholderData).toBeUndefined();
    expect(replacing.staleTime).toBe(60_000);
  });
});
