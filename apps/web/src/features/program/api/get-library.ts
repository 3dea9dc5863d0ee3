import { type VideoScope, videoEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export type LibraryFilter = { search: string; scope: VideoScope | null; folder: number | null };

/** Videos of the library for the exercise picker, 50 at a time (a video still processing can be prescribed). */
export const usePickerVideos = ({ search, scope, folder }: LibraryFilter) =>
  useQuery({
    queryKey: ['program-picker', 'videos', search, scope, folder],
    queryFn: ({ signal }) =>
      call(videoEndpoints.list, {
        query: { search, scope: scope ?? undefined, folder: folder ?? undefined, page_size: 50 },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

/** My folders and those shared with the clinic, to add one whole. */
export const usePickerFolders = () =>
  useQuery({
    queryKey: ['program-picker', 'folders'],
    queryFn: ({ signal }) => call(videoEndpoints.folders, { query: { page_size: 100 }, signal }),
    meta: { errorHandling: 'silent' },
  });
