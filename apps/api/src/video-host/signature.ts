import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The upload signature is sha256(library_id + secret + expiration + video_id), in hex (decision 0200). */
export const uploadSignature = (libraryId: string, secret: string, expiration: number, videoId: string) =>
  createHash('sha256').update(`${libraryId}${secret}${expiration}${videoId}`).digest('hex');

export const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export type PlaybackKind = 'play' | 'poster';
/** What a signed link serves: the file, its poster, or one language's caption track (decision 1405). */
export type SignedKind = PlaybackKind | `captions.${string}`;

/** Playback links are HMACs over the file, its kind and the expiry, so they cannot be widened or extended. */
export const playbackSignature = (secret: string, kind: SignedKind, guid: string, expires: number) =>
  createHmac('sha256', secret).update(`playback:${kind}:${guid}:${expires}`).digest('base64url');
