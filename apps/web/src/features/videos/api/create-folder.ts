import { folderSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const createFolder = (name: string) => api.post(videoPaths.folders, { name }, { schema: folderSchema });
export const useCreateFolder = () => useFolderMutation(createFolder);
