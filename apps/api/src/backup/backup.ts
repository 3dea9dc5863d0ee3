import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { videoStorageFromConfig } from '../video-host/storage.ts';
import { databaseTargetOf, dumpDatabase } from './database.ts';
import {
  BACKUP_FORMAT,
  BackupRefusal,
  digestOfFile,
  dumpPathOf,
  type Manifest,
  megabytes,
  type Progress,
  totalRows,
  writeManifest,
} from './manifest.ts';
import { backUpVideoFiles } from './video-files.ts';

const rehabitVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * A backup into `dir` (new or empty): the database dumped from one snapshot, then every video file and poster that
 * snapshot names, then the manifest with each file's checksum and each table's rows (decision 1445). The progress
 * lines name counts, sizes and file ids, never anything about a patient.
 */
export async function runBackup(config: Config, dir: string, progress: Progress): Promise<Manifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupRefusal(`${dir} is not empty: back up into a new directory`);
  }
  // The backup holds health data: only its owner may read it.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // An empty directory made beforehand keeps its own mode unless told.
  await chmod(dir, 0o700);
  const target = databaseTargetOf(config);
  const dumpPath = dumpPathOf(target.kind);
  progress(
    `Database: dumping the ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database from one snapshot`,
  );
  // The backup is of the moment of its database snapshot, not of the end of the video copy (hours, on S3): the time
  // an operator lines up with point-in-time recovery.
  const snapshotAt = new Date();
  const snapshot = await dumpDatabase(target, path.join(dir, dumpPath));
  const dump = { path: dumpPath, ...(await digestOfFile(path.join(dir, dumpPath))) };
  progress(
    `Database: ${Object.keys(snapshot.tables).length} tables, ${totalRows(snapshot.tables)} rows, ` +
      `migrated to ${snapshot.lastMigration}; dump of ${megabytes(dump.size)}`,
  );
  const videos = await backUpVideoFiles(videoStorageFromConfig(config), snapshot.videos, dir, progress);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    rehabit_version: rehabitVersion,
    created_at: snapshotAt.toISOString(),
    database: { kind: target.kind, path: dumpPath, last_migration: snapshot.lastMigration },
    tables: snapshot.tables,
    files: [dump, ...videos.files],
    missing_files: videos.missing,
  };
  await writeManifest(dir, manifest);
  progress(`Backup complete: ${manifest.files.length} files in ${dir}`);
  return manifest;
}
