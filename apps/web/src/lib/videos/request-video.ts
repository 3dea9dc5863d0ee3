import { videoEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';

/** Asks the content team for an exercise video the library lacks. */
export const requestVideo = (requestContent: string) =>
  call(videoEndpoints.requestVideo, { body: { request_content: requestContent } });

export const useRequestVideo = () => useMutation({ mutationFn: requestVideo, meta: { errorHandling: 'silent' } });
