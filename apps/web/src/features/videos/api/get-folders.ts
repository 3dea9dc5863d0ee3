import { videoEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { foldersQueryKey } from './keys.ts';

export const getFolders = (signal?: AbortSignal) => call(videoEndpoints.folders, { query: { page_size: 100 }, signal });

/** My folders and those colleagues shared with the clinic (one page of 100, sorted by name). */
export const useFolders = () =>
  useQuery({
    queryKey: [...foldersQueryKey, 'list'],
    queryFn: ({ signal }) => getFolders(signal),
    meta: { errorHandling: 'silent' },
  });
