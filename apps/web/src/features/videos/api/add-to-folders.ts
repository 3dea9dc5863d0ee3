import { folderResultsSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const addToFolders = (body: { video_ids: number[]; libraryfolder_ids: number[] }) =>
  api.post(videoPaths.bulkAdd, body, { schema: folderResultsSchema });
export const useAddToFolders = () => useFolderMutation(addToFolders);
