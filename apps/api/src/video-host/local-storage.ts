import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { VideoFileStore } from './file-store.ts';
import type { PlaybackKind } from './signature.ts';
import type { VideoStorage } from './storage.ts';

/** Where the local storage keeps an uploaded file. */
export const videoFilePath = (storageDir: string, guid: string) => path.join(storageDir, 'uploads', guid);

/**
 * Videos under `<dir>/uploads/<guid>` (offsets in `<guid>.json` beside them) and posters under
 * `<dir>/posters/<guid>.jpg`. Nothing is created on disk until the first upload or poster.
 */
export function createLocalVideoStorage(storageDir: string): VideoStorage {
  let store: VideoFileStore | undefined;
  const filePath = (kind: PlaybackKind, guid: string) =>
    kind === 'play' ? videoFilePath(storageDir, guid) : path.join(storageDir, 'posters', `${guid}.jpg`);

  return {
    kind: 'local',
    datastore() {
      store ??= new VideoFileStore({ directory: path.join(storageDir, 'uploads') });
      return store;
    },
    async head(guid, n) {
      const handle = await open(filePath('play', guid), 'r');
      try {
        const buf = Buffer.alloc(n);
        const { bytesRead } = await handle.read(buf, 0, n, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async size(kind, guid) {
      const info = await stat(filePath(kind, guid)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async read(kind, guid, range) {
      return createReadStream(filePath(kind, guid), range);
    },
    withLocalFile: (guid, work) => work(filePath('play', guid)),
    async put(kind, guid, file) {
      const target = filePath(kind, guid);
      await mkdir(path.dirname(target), { recursive: true });
      // A rename across file systems fails; copying is the fallback.
      await rename(file, target).catch(async () => {
        await copyFile(file, target);
        await rm(file, { force: true });
      });
    },
    async removeUpload(guid) {
      const file = filePath('play', guid);
      await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
    },
    async remove(guid) {
      const file = filePath('play', guid);
      await Promise.all([
        rm(file, { force: true }),
        rm(`${file}.json`, { force: true }),
        rm(filePath('poster', guid), { force: true }),
      ]);
    },
  };
}
