import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/videos-support.ts';
import { BACKUP_FORMAT, BackupRefusal, MANIFEST_FILE, readManifest } from './manifest.ts';

const manifest = {
  format: BACKUP_FORMAT,
  rehabit_version: '0.1.0',
  created_at: '2026-03-02T15:00:00.000Z',
  database: { kind: 'postgres', path: 'database.pgdump', last_migration: '0036_clinic_logo' },
  tables: { 'public.clinics': 2 },
  files: [{ path: 'database.pgdump', size: 10, sha256: 'a'.repeat(64) }],
  missing_files: [],
};

const backupWith = (content: unknown) => {
  const dir = tempDir('rehabit-manifest-');
  writeFileSync(path.join(dir, MANIFEST_FILE), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
};

describe('reading a backup manifest', () => {
  it('reads a manifest as the backup writes it', async () => {
    await expect(readManifest(backupWith(manifest))).resolves.toEqual(manifest);
  });

  it.each([
    ['no manifest', null, /holds no manifest.json: it is not a finished backup/],
    ['text that is not JSON', '{"format": 1,', /not valid JSON/],
    ['a newer format', { ...manifest, format: BACKUP_FORMAT + 1 }, /format/],
    [
      'a path out of the directory',
      { ...manifest, files: [{ path: '../../etc/passwd', size: 1, sha256: 'a'.repeat(64) }] },
      /files\.0\.path/,
    ],
    ['a dump elsewhere', { ...manifest, database: { ...manifest.database, path: '/tmp/dump' } }, /database\.path/],
    ['a dump without its checksum', { ...manifest, files: [] }, /database\.path: the database's dump must be listed/],
  ])('refuses %s', async (_case, content, message) => {
    const dir = content === null ? tempDir('rehabit-manifest-') : backupWith(content);
    const refusal = await readManifest(dir).catch((err) => err);
    expect(refusal).toBeInstanceOf(BackupRefusal);
    expect(refusal.message).toMatch(message);
  });
});
