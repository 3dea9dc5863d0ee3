import { folderSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const renameFolder = ({ id, name }: { id: number; name: string }) =>
  api.patch(videoPaths.folder(id), { name }, { schema: folderSchema });
export const useRenameFolder = () => useFolderMutation(renameFolder);
