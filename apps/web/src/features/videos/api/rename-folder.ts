import { videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const renameFolder = ({ id, name }: { id: number; name: string }) =>
  call(videoEndpoints.renameFolder, { params: { id }, body: { name } });
export const useRenameFolder = () => useFolderMutation(renameFolder);
