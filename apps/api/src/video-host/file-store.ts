import type http from 'node:http';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { SNIFF_BYTES, sniffVideo } from './sniff.ts';

export const notAVideo = { status_code: 415, body: 'The file is not a video\n' };

/**
 * The tus file store, refusing a file whose first bytes are not a video container before anything is written.
 * Sizes and upload offsets live beside each file in `<id>.json`, so an upload resumes after a restart.
 */
export class VideoFileStore extends FileStore {
  override async write(readable: http.IncomingMessage | Readable, fileId: string, offset: number) {
    if (offset > 0) return super.write(readable, fileId, offset);
    const chunks = readable[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let length = 0;
    while (length < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      const chunk = Buffer.from(next.value as Buffer);
      head.push(chunk);
      length += chunk.length;
    }
    const first = Buffer.concat(head);
    // A first request that ends early (paused at once) is let through empty; the next one is checked.
    if (first.length === 0) return 0;
    if (!sniffVideo(first)) throw notAVideo;
    async function* rest() {
      yield first;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
    }
    return super.write(Readable.from(rest()), fileId, offset);
  }
}
