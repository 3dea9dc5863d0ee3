import { videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const deleteFolders = (ids: number[]) => call(videoEndpoints.deleteFolders, { params: { ids: ids.join(',') } });
export const useDeleteFolders = () => useFolderMutation(deleteFolders);
