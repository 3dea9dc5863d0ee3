import { type BulkAddBody, videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const addToFolders = (body: BulkAddBody) => call(videoEndpoints.addToFolders, { body });
export const useAddToFolders = () => useFolderMutation(addToFolders);
