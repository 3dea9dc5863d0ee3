import { AsyncSearchField, type SearchFieldChoice } from '@web/components/ui/search-select/async-search-field.tsx';
import { useGlobalVideoSearch } from '../api/search-global-videos.ts';

/** The global-library video that answers a request, found by title; optional. */
export function VideoField(props: SearchFieldChoice) {
  return (
    <AsyncSearchField
      {...props}
      label="Video in the global library"
      placeholder="Title (optional)"
      hint="The requester sees its title with your answer."
      noMatchText="No global video matches what you typed."
      useSearch={useGlobalVideoSearch}
      toOption={(video) => ({ value: video.id, label: video.title, detail: video.body_part })}
    />
  );
}
