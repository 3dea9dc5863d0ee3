import { hepRequestSchema, videoPaths } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** Asks the content team for an exercise video the library lacks. */
export const requestVideo = (requestContent: string) =>
  api.post(videoPaths.hepRequestCreate, { request_content: requestContent }, { schema: hepRequestSchema });

export const useRequestVideo = () => useMutation({ mutationFn: requestVideo, meta: { errorHandling: 'silent' } });
