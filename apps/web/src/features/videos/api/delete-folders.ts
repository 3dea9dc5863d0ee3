import { deletedSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const deleteFolders = (ids: number[]) => api.delete(videoPaths.deleteFolders(ids), { schema: deletedSchema });
export const useDeleteFolders = () => useFolderMutation(deleteFolders);
