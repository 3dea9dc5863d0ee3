import { videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const createFolder = (name: string) => call(videoEndpoints.createFolder, { body: { name } });
export const useCreateFolder = () => useFolderMutation(createFolder);
