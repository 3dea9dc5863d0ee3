import { type SearchOption, SearchSelect } from '@web/components/ui/search-select/search-select.tsx';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useState } from 'react';
import { useGlobalVideoSearch } from '../api/search-global-videos.ts';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  selected: SearchOption<number> | null;
  onSelect: (option: SearchOption<number> | null) => void;
  error?: string;
};

/** The global-library video that answers a request, found by title; optional. */
export function VideoField({ selected, onSelect, error }: Props) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const videos = useGlobalVideoSearch(search);
  const options = (videos.data?.results ?? []).map((video) => ({
    value: video.id,
    label: video.title,
    detail: video.body_part,
  }));
  return (
    <SearchSelect
      label="Video in the global library"
      selected={selected}
      onSelect={onSelect}
      query={query}
      onQueryChange={(typed) => {
        setQuery(typed);
        if (typed.trim() === '') onSelect(null);
      }}
      options={options}
      isLoading={videos.isFetching}
      emptyText={videos.isError ? 'The search failed. Try again.' : 'No global video matches what you typed.'}
      placeholder="Title (optional)"
      hint="The requester sees its title with your answer."
      error={error}
    />
  );
}
