import { z } from 'zod';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { captionLanguageSchema } from './videos.ts';

/**
 * A caption track's WebVTT text may be at most this many bytes (UTF-8): an exercise clip's captions are a few
 * kilobytes, and the text is kept in the database beside the video's record (decision 1405).
 */
export const MAX_CAPTION_BYTES = 200_000;

export const captionParamsSchema = z.object({ id: idSchema, language: captionLanguageSchema });

/** A caption track as the video's editor lists it. */
export const captionTrackSchema = z.object({
  language: captionLanguageSchema,
  size_bytes: z.number().int(),
  cue_count: z.number().int(),
  updated_at: z.string(),
  updated_by: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;
export const captionTrackListSchema = z.object({ tracks: z.array(captionTrackSchema) });
export type CaptionTrackList = z.infer<typeof captionTrackListSchema>;

/** A track's WebVTT text, as uploaded from a `.vtt` file or edited in the editor's text box. */
export const captionTextSchema = z.object({ text: z.string() });
export type CaptionText = z.infer<typeof captionTextSchema>;
export const captionWithTextSchema = captionTrackSchema.extend({ text: z.string() });
export type CaptionWithText = z.infer<typeof captionWithTextSchema>;

export const videoCaptionEndpoints = defineEndpoints('videos', {
  /** A video's caption tracks, one per language, for anyone who sees the video. */
  captions: {
    method: 'GET',
    path: '/video/:id/captions',
    access: 'videos.manage',
    params: z.object({ id: idSchema }),
    status: 200,
    response: captionTrackListSchema,
  },
  /** One track with its WebVTT text, for the editor. */
  caption: {
    method: 'GET',
    path: '/video/:id/captions/:language',
    access: 'videos.manage',
    params: captionParamsSchema,
    status: 200,
    response: captionWithTextSchema,
  },
  /**
   * Adds or replaces a language's track, by those who may edit the video. The text must be WebVTT with at least one
   * cue and at most `MAX_CAPTION_BYTES`; anything else is refused, saying what is wrong and on which line, and
   * nothing is stored.
   */
  putCaption: {
    method: 'PUT',
    path: '/video/:id/captions/:language',
    access: 'videos.manage',
    params: captionParamsSchema,
    body: captionTextSchema,
    status: 200,
    response: captionWithTextSchema,
  },
  /** Removes a language's track, by those who may edit the video. */
  removeCaption: {
    method: 'DELETE',
    path: '/video/:id/captions/:language',
    access: 'videos.manage',
    params: captionParamsSchema,
    status: 204,
    response: z.null(),
  },
});
