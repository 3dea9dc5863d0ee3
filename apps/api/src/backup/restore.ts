import path from 'node:path';
import type { Config } from '../config.ts';
import { videoStorageFromConfig } from '../video-host/storage.ts';
import { databaseTargetOf, isKnownMigration, refuseUnlessEmpty, restoreDatabase } from './database.ts';
import { BackupRefusal, megabytes, type Progress, readManifest, totalRows, verifyBackupFiles } from './manifest.ts';
import { refuseStoredFiles, restoreVideoFiles } from './video-files.ts';

/**
 * Restores the backup in `dir` into an empty system only (decision 1445): every file is checked against the
 * manifest first, then the database is restored and its rows counted against the manifest, then the video files
 * are put into storage and each read back against its checksum.
 */
export async function runRestore(config: Config, dir: string, progress: Progress) {
  const manifest = await readManifest(dir);
  if (!isKnownMigration(manifest.database.last_migration)) {
    throw new BackupRefusal(
      `The backup's database is migrated to ${manifest.database.last_migration}, which this release does not know: ` +
        `restore it with the release it was made by (${manifest.rehabit_version}) or a later one`,
    );
  }
  const target = databaseTargetOf(config);
  const storage = videoStorageFromConfig(config);
  await refuseUnlessEmpty(target, manifest.database.kind);
  await refuseStoredFiles(storage, manifest.files);
  progress(
    `Backup of ${manifest.created_at} by Rehabit ${manifest.rehabit_version}: checking ${manifest.files.length} files`,
  );
  await verifyBackupFiles(dir, manifest.files, progress);

  progress('Database: restoring');
  const restored = await restoreDatabase(target, path.join(dir, manifest.database.path));
  const differing = Object.keys({ ...manifest.tables, ...restored }).filter(
    (table) => restored[table] !== manifest.tables[table],
  );
  if (differing.length > 0) {
    throw new Error(
      `The restored database differs from the manifest in ${differing.length} tables: ${differing.join(', ')}`,
    );
  }
  const tables = Object.keys(restored).length;
  progress(`Database: ${tables} tables and ${totalRows(restored)} rows restored, as the manifest counts them`);

  const files = await restoreVideoFiles(storage, manifest.files, dir, progress);
  progress(
    `Restore complete: the database (migrated to ${manifest.database.last_migration}), ${files.count} video files ` +
      `and posters (${megabytes(files.bytes)}), every checksum verified` +
      (manifest.missing_files.length > 0
        ? `; ${manifest.missing_files.length} files were missing from the backup`
        : ''),
  );
  if (target.kind === 'postgres') {
    progress("Next: run setup-database --app-role ROLE to give the server's role its rights, then start the server");
  }
  return { tables: restored, files };
}
