import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** Why a backup or a restore will not go on, in words for the operator; nothing was changed (decision 1445). */
export class BackupRefusal extends Error {}

export type Progress = (line: string) => void;

/** All the rows of a count of rows per table. */
export const totalRows = (tables: Record<string, number>) => Object.values(tables).reduce((sum, n) => sum + n, 0);

export const MANIFEST_FILE = 'manifest.json';
/** Raised when the manifest's shape changes, so an older restore never misreads a newer backup. */
export const BACKUP_FORMAT = 1;

const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * Every name a backup writes, and only those: a manifest is read from a directory someone hands over, so a path
 * in it can never leave that directory.
 */
const backupPathSchema = z
  .string()
  .regex(new RegExp(`^(database\\.pgdump|database\\.tar\\.gz|videos/${GUID}|posters/${GUID}\\.jpg)$`));

const fileEntrySchema = z.object({
  path: backupPathSchema,
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** The dump's name in a backup, by the kind of database it is of. */
export const dumpPathOf = (kind: 'postgres' | 'pglite') =>
  kind === 'postgres' ? 'database.pgdump' : 'database.tar.gz';

const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    rehabit_version: z.string(),
    created_at: z.iso.datetime(),
    database: z.object({
      kind: z.enum(['postgres', 'pglite']),
      path: backupPathSchema,
      last_migration: z.string(),
    }),
    /** Rows of every table (`schema.table`), counted in the snapshot the dump was taken from. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
    /** The dump and every video file and poster, each with its size and SHA-256. */
    files: z.array(fileEntrySchema),
    /** Files the snapshot names that storage no longer held when they were copied (a video deleted meanwhile). */
    missing_files: z.array(z.object({ path: backupPathSchema, reason: z.string() })),
  })
  // The dump is checked against its checksum like every other file, so it must be one of them.
  .refine((m) => m.database.path === dumpPathOf(m.database.kind) && m.files.some((f) => f.path === m.database.path), {
    message: "the database's dump must be listed among the files under its kind's name",
    path: ['database', 'path'],
  });
export type Manifest = z.infer<typeof manifestSchema>;

export async function writeManifest(dir: string, manifest: Manifest) {
  // Written last: a directory without it is an unfinished backup, which restore refuses.
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) throw new BackupRefusal(`${dir} holds no ${MANIFEST_FILE}: it is not a finished backup`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusal(`${MANIFEST_FILE} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupRefusal(`${MANIFEST_FILE} is not a Rehabit backup's (${issue.path.join('.')}: ${issue.message})`);
  }
  return parsed.data;
}

export type Digest = { size: number; sha256: string };

/** Writes a stream to a file, answering its size and SHA-256 as written. */
export async function copyWithDigest(source: Readable, target: string): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, createWriteStream(target, { mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}

/** The size and SHA-256 of a stream's bytes. */
export async function digestOf(source: Readable): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

export const digestOfFile = (file: string) => digestOf(createReadStream(file));

/** Whether bytes read are the bytes the manifest recorded. */
export const sameDigest = (a: Digest, b: Digest) => a.size === b.size && a.sha256 === b.sha256;

/** Checks every file of a backup against its manifest before anything is restored. */
export async function verifyBackupFiles(dir: string, files: FileEntry[], progress: Progress) {
  let bytes = 0;
  for (const [index, entry] of files.entries()) {
    const actual = await digestOfFile(path.join(dir, entry.path)).catch(() => null);
    if (!actual) throw new BackupRefusal(`${entry.path} is missing from the backup`);
    if (!sameDigest(actual, entry))
      throw new BackupRefusal(`${entry.path} does not match its checksum in the manifest`);
    bytes += entry.size;
    reportEvery(
      progress,
      index + 1,
      files.length,
      `Checked ${index + 1} of ${files.length} files (${megabytes(bytes)})`,
    );
  }
}

/** A progress line at every tenth of the work (and its end), so a long run shows it is moving without flooding. */
export function reportEvery(progress: Progress, done: number, total: number, line: string) {
  const step = Math.max(1, Math.ceil(total / 10));
  if (done % step === 0 || done === total) progress(line);
}

export const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
