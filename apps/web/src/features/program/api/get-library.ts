import { type VideoScope, videoEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export type LibraryFilter = { search: string; scope: VideoScope | null; folder: number | null };

// Both lists ask for the patient's clinic by its code (decision 1155), whoever asks: an admin then sees only what
// that clinic's program accepts, and staff, whose own clinic it is, see their library as ever.

/** Videos of the library for the exercise picker, 50 at a time (a video still processing can be prescribed). */
export const usePickerVideos = (clinicCode: string, { search, scope, folder }: LibraryFilter) =>
  useQuery({
    queryKey: ['program-picker', 'videos', clinicCode, search, scope, folder],
    queryFn: ({ signal }) =>
      call(videoEndpoints.list, {
        query: {
          clinic_code: clinicCode,
          search,
          scope: scope ?? undefined,
          folder: folder ?? undefined,
          page_size: 50,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

/** My folders and those shared with the clinic, to add one whole. */
export const usePickerFolders = (clinicCode: string) =>
  useQuery({
    queryKey: ['program-picker', 'folders', clinicCode],
    queryFn: ({ signal }) =>
      call(videoEndpoints.folders, { query: { clinic_code: clinicCode, page_size: 100 }, signal }),
    meta: { errorHandling: 'silent' },
  });
