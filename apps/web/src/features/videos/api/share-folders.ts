import { type ShareFoldersBody, videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useFolderMutation } from './folder-mutations.ts';

export const shareFolders = (body: ShareFoldersBody) => call(videoEndpoints.shareFolders, { body });
export const useShareFolders = () => useFolderMutation(shareFolders);
