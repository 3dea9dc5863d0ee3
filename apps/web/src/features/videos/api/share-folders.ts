import { folderResultsSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const shareFolders = (body: { libraryfolder_ids: number[]; is_shared: boolean }) =>
  api.post(videoPaths.share, body, { schema: folderResultsSchema });
export const useShareFolders = () => useFolderMutation(shareFolders);
