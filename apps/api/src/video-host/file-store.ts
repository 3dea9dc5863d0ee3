import type http from 'node:http';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { SNIFF_BYTES, sniffVideo } from './sniff.ts';

export const notAVideo = { status_code: 415, body: 'The file is not a video\n' };

/** The first `n` bytes of a stream (fewer if it ends first), left unread for whoever reads it next. */
function peek(stream: Readable, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (head: Buffer) => {
      stream.off('readable', attempt);
      stream.off('end', ended);
      stream.off('error', reject);
      if (head.length > 0) stream.unshift(head);
      resolve(head);
    };
    const attempt = () => {
      const head = stream.read(n) as Buffer | null;
      if (head !== null) done(head);
    };
    const ended = () => done(Buffer.alloc(0));
    stream.on('readable', attempt);
    stream.once('end', ended);
    stream.once('error', reject);
  });
}

/**
 * Throws tus's 415 when the bytes written at offset 0 do not start like a video container, before any is stored.
 * A first request that ends early (paused at once) is let through empty; the next one is checked.
 */
export async function refuseNonVideo(readable: Readable, offset: number) {
  if (offset !== 0) return;
  const head = await peek(readable, SNIFF_BYTES);
  if (head.length > 0 && !sniffVideo(head)) throw notAVideo;
}

/**
 * The tus file store, refusing a file whose first bytes are not a video container before anything is written.
 * Sizes and upload offsets live beside each file in `<id>.json`, so an upload resumes after a restart.
 */
export class VideoFileStore extends FileStore {
  override async write(readable: http.IncomingMessage | Readable, fileId: string, offset: number) {
    await refuseNonVideo(readable, offset);
    return super.write(readable, fileId, offset);
  }
}
