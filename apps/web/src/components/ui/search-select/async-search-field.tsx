import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useState } from 'react';
import { type SearchOption, SearchSelect } from './search-select.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** What a search hook answers: react-query's result of a page of matches. */
type SearchResult<Item> = { data?: { results: readonly Item[] }; isFetching: boolean; isError: boolean };

/** The choice a form keeps: the chosen record, or none. */
export type SearchFieldChoice = {
  selected: SearchOption<number> | null;
  onSelect: (option: SearchOption<number> | null) => void;
  error?: string;
};

type Props<Item> = SearchFieldChoice & {
  label: string;
  placeholder: string;
  hint: string;
  /** Said when the search answered no match. */
  noMatchText: string;
  /** The server's search, asked once typing pauses. The same hook on every render, as hooks must be. */
  useSearch: (search: string) => SearchResult<Item>;
  toOption: (item: Item) => SearchOption<number>;
};

/** An optional choice of one record found by the server as the person types; emptying the field chooses none. */
export function AsyncSearchField<Item>({ useSearch, toOption, noMatchText, onSelect, ...field }: Props<Item>) {
  const [query, setQuery] = useState('');
  const found = useSearch(useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS));
  return (
    <SearchSelect
      {...field}
      onSelect={onSelect}
      query={query}
      onQueryChange={(typed) => {
        setQuery(typed);
        if (typed.trim() === '') onSelect(null);
      }}
      options={(found.data?.results ?? []).map(toOption)}
      isLoading={found.isFetching}
      emptyText={found.isError ? 'The search failed. Try again.' : noMatchText}
    />
  );
}
