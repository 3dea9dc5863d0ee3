import { folderSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const removeFromFolder = (body: { libraryfolder_id: number; video_ids: number[] }) =>
  api.delete(videoPaths.removeFromFolder, { body, schema: folderSchema });
export const useRemoveFromFolder = () => useFolderMutation(removeFromFolder);
