import { announcementEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const initialNoteQueryKey = ['announcements', 'initial-note'] as const;

/** The platform's initial note as staff see it; admins only. */
export const getInitialNote = (signal?: AbortSignal) => call(announcementEndpoints.initialNote, { signal });

export const initialNoteQueryOptions = () =>
  queryOptions({
    queryKey: initialNoteQueryKey,
    queryFn: ({ signal }) => getInitialNote(signal),
    meta: { errorHandling: 'silent' },
  });

export const useInitialNote = () => useQuery(initialNoteQueryOptions());
