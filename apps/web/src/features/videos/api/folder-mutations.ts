import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { foldersQueryKey, videosQueryKey } from './keys.ts';

/** Folder changes refresh the sidebar and the videos (whose folder ids and counts change with them). */
export function useFolderMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  return useChangeMutation({
    mutationFn,
    meta: { errorHandling: 'silent' },
    stale: [foldersQueryKey, videosQueryKey],
    waitForStale: false,
  });
}
