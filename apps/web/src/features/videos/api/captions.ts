import { type CaptionLanguage, videoCaptionEndpoints } from '@rehabit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { videosQueryKey } from './keys.ts';

const captionsKey = (id: number) => [...videosQueryKey, 'captions', id] as const;

/** A video's caption tracks, one per language. */
export const useCaptions = (id: number) =>
  useQuery({
    queryKey: captionsKey(id),
    queryFn: ({ signal }) => call(videoCaptionEndpoints.captions, { params: { id }, signal }),
  });

/** One track's WebVTT text, read when its editor opens. */
export const useCaptionText = (id: number, language: CaptionLanguage, isEnabled: boolean) =>
  useQuery({
    queryKey: [...captionsKey(id), language],
    queryFn: ({ signal }) => call(videoCaptionEndpoints.caption, { params: { id, language }, signal }),
    enabled: isEnabled,
  });

/**
 * Saves (or replaces) a language's track; a refusal says what is wrong with the file, shown where it was sent.
 * The video is read again too, so its player gets the new track's link.
 */
export function useSaveCaption(id: number) {
  const client = useQueryClient();
  return useChangeMutation({
    mutationFn: ({ language, text }: { language: CaptionLanguage; text: string }) =>
      call(videoCaptionEndpoints.putCaption, { params: { id, language }, body: { text } }),
    meta: { errorHandling: 'silent' },
    onSuccess: (track) => client.setQueryData([...captionsKey(id), track.language], track),
    stale: [captionsKey(id), [...videosQueryKey, 'detail', id]],
  });
}

export function useRemoveCaption(id: number) {
  return useChangeMutation({
    mutationFn: (language: CaptionLanguage) => call(videoCaptionEndpoints.removeCaption, { params: { id, language } }),
    meta: { errorHandling: 'silent' },
    stale: [captionsKey(id), [...videosQueryKey, 'detail', id]],
  });
}
