import type { UploadCredentials } from './upload.ts';

const PREFIX = 'rehabit.video-upload.';
/** Credentials last a day on the server; older entries are useless and dropped. */
const MAX_AGE_MS = 23 * 60 * 60 * 1000;

type Pending = { credentials: UploadCredentials; name: string; size: number; savedAt: number };

const keyOf = (file: Pick<File, 'name' | 'size' | 'lastModified'>) =>
  `${PREFIX}${file.name}:${file.size}:${file.lastModified}`;

/**
 * An upload's video and credentials, kept until it finishes: after a reload the same file, picked again,
 * continues the same video instead of starting a new one.
 */
export const pendingUploads = {
  save(file: File, credentials: UploadCredentials) {
    const entry: Pending = { credentials, name: file.name, size: file.size, savedAt: Date.now() };
    localStorage.setItem(keyOf(file), JSON.stringify(entry));
  },
  find(file: File): UploadCredentials | null {
    const raw = localStorage.getItem(keyOf(file));
    if (!raw) return null;
    try {
      const entry = JSON.parse(raw) as Pending;
      if (Date.now() - entry.savedAt > MAX_AGE_MS) {
        localStorage.removeItem(keyOf(file));
        return null;
      }
      return entry.credentials;
    } catch {
      return null;
    }
  },
  remove(file: File) {
    localStorage.removeItem(keyOf(file));
  },
  /** Names of files whose upload was interrupted, to invite picking them again. */
  list(): { name: string; size: number }[] {
    const found: { name: string; size: number }[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      try {
        const entry = JSON.parse(localStorage.getItem(key) ?? '') as Pending;
        if (Date.now() - entry.savedAt <= MAX_AGE_MS) found.push({ name: entry.name, size: entry.size });
      } catch {
        localStorage.removeItem(key);
      }
    }
    return found;
  },
};
