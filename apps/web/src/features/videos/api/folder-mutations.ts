import { useMutation, useQueryClient } from '@tanstack/react-query';
import { foldersQueryKey, videosQueryKey } from './keys.ts';

/** Folder changes refresh the sidebar and the videos (whose folder ids and counts change with them). */
export function useFolderMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorHandling: 'silent' },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: foldersQueryKey });
      void client.invalidateQueries({ queryKey: videosQueryKey });
    },
  });
}
