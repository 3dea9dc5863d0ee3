import { type CreateVideoResponse, VIDEO_UPLOAD_RETRY_DELAYS, videoUploadHeaders } from '@rehabit/contract';
import { resolveUrl } from '@web/lib/api-client.ts';
import * as tus from 'tus-js-client';

export type UploadCredentials = Pick<
  CreateVideoResponse,
  'id' | 'video_id' | 'library_id' | 'signature' | 'expiration' | 'upload_url'
>;

type Callbacks = {
  onProgress: (percent: number) => void;
  onSuccess: () => void;
  onError: (message: string) => void;
};

/** Retry on network trouble, server errors, 409 and 423; any other 4xx is final (decision 1311). */
export function shouldRetry(status: number | undefined) {
  if (!status) return true;
  return status < 400 || status >= 500 || status === 409 || status === 423;
}

export const percentOf = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);

const messageFor = (status: number | undefined) => {
  if (status === 415) return 'This file is not a video. Choose an MP4, MOV or WebM file.';
  if (status === 413) return 'This file is larger than the upload limit.';
  if (status === 403 || status === 401) return 'The upload link has expired. Start the upload again.';
  if (status === 410) return 'This video was uploaded already.';
  return 'The upload stopped. Check the connection and press Resume.';
};

/**
 * A resumable tus upload to the video host with the signature headers of decision 0200. Offsets are
 * remembered by tus-js-client in local storage, so the same file picked again after a reload continues.
 */
export async function startUpload(file: File, credentials: UploadCredentials, callbacks: Callbacks) {
  const upload = new tus.Upload(file, {
    endpoint: resolveUrl(credentials.upload_url),
    retryDelays: [...VIDEO_UPLOAD_RETRY_DELAYS],
    headers: {
      [videoUploadHeaders.signature]: credentials.signature,
      [videoUploadHeaders.expire]: String(credentials.expiration),
      [videoUploadHeaders.videoId]: credentials.video_id,
      [videoUploadHeaders.libraryId]: credentials.library_id,
    },
    metadata: { filename: file.name, filetype: file.type },
    // The fingerprint includes the video id, so a file uploaded twice as two videos never shares an offset.
    fingerprint: async (f: File) => `rehabit-video-${credentials.video_id}-${f.name}-${f.size}-${f.lastModified}`,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (err) => shouldRetry((err as tus.DetailedError).originalResponse?.getStatus()),
    onProgress: (sent, total) => callbacks.onProgress(percentOf(sent, total)),
    onSuccess: () => callbacks.onSuccess(),
    onError: (err) => callbacks.onError(messageFor((err as tus.DetailedError).originalResponse?.getStatus())),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return upload;
}
