import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableRowCounts } from '../src/backup/database.ts';
import { openDatabase } from '../src/db/client.ts';
import { videos } from '../src/db/schema.ts';
import { createLocalVideoStorage } from '../src/video-host/local-storage.ts';
import { createTestDataDir } from './database.ts';
import { makeClinic, makeUser } from './factories.ts';
import { sha256, tempDir } from './videos-support.ts';

const run = promisify(execFile);
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The command line on the embedded database of `dataDir`, its videos in `<dataDir>/videos`. */
const cli = (command: 'backup' | 'restore', dir: string, dataDir: string) =>
  run('npx', ['tsx', 'src/cli.ts', command, dir], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, VIDEO_STORAGE_DIR: '', VIDEO_S3_BUCKET: '' },
  });
const refusal = (command: Promise<unknown>) =>
  command.then(
    () => ({ code: 0, stderr: '' }),
    (err: { code: number; stderr: string }) => err,
  );

const countsOf = async (dataDir: string) => {
  const database = await openDatabase({ dataDir });
  try {
    return await tableRowCounts(database.db);
  } finally {
    await database.close();
  }
};

describe('backup and restore of the embedded database', { timeout: 180_000 }, () => {
  let source: string;
  const guid = randomUUID();
  const backupDir = path.join(tempDir('rehabit-backup-'), 'backup');

  beforeAll(async () => {
    source = await createTestDataDir();
    const database = await openDatabase({ dataDir: source });
    try {
      const clinic = await makeClinic(database.db);
      const owner = await makeUser(database.db, clinic.id);
      const clip = path.join(tempDir(), 'clip.mp4');
      writeFileSync(clip, 'an exercise clip');
      await createLocalVideoStorage(path.join(source, 'videos')).put('play', guid, clip);
      await database.db.insert(videos).values({
        guid,
        clinicId: clinic.id,
        ownerUserId: owner.id,
        title: 'Heel raises',
        bodyPart: VIDEO_DEFAULTS.body_part,
        purpose: VIDEO_DEFAULTS.purpose,
        position: VIDEO_DEFAULTS.position,
        positionTitle: VIDEO_DEFAULTS.position_title,
        equipment: VIDEO_DEFAULTS.equipment,
        reps: 10,
        sets: 2,
        unhealthyBodyPart: VIDEO_DEFAULTS.unhealthy_body_part,
        purposeOfTreatment: VIDEO_DEFAULTS.purpose_of_treatment,
        description: VIDEO_DEFAULTS.description,
        status: 'ready',
        sizeBytes: 'an exercise clip'.length,
      });
    } finally {
      await database.close();
    }
  });

  it('refuses to back up the database while a process has it open', async () => {
    const open = await openDatabase({ dataDir: source });
    try {
      const refused = await refusal(cli('backup', path.join(tempDir(), 'while-open'), source));
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/stop the server first/);
    } finally {
      await open.close();
    }
  });

  it('restores the database and the videos into an empty data directory, as the manifest describes them', async () => {
    const { stdout } = await cli('backup', backupDir, source);
    expect(stdout).toMatch(/Backup complete/);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.database).toMatchObject({ kind: 'pglite', path: 'database.tar.gz' });
    expect(manifest.tables).toEqual(await countsOf(source));
    expect(manifest.tables['public.videos']).toBe(1);

    const target = tempDir('rehabit-restored-');
    const restored = await cli('restore', backupDir, target);
    expect(restored.stdout).toMatch(/Restore complete/);
    expect(await countsOf(target)).toEqual(manifest.tables);
    const video = manifest.files.find((f: { path: string }) => f.path === `videos/${guid}`);
    expect(sha256(path.join(target, 'videos', 'uploads', guid))).toBe(video.sha256);

    const again = await refusal(cli('restore', backupDir, target));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/holds an embedded database already/);
  });

  it('refuses a backup whose file does not match its checksum, restoring nothing', async () => {
    const file = path.join(backupDir, 'videos', guid);
    const original = readFileSync(file);
    writeFileSync(file, 'a changed clip!!');
    try {
      const target = tempDir('rehabit-restored-');
      const refused = await refusal(cli('restore', backupDir, target));
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(`videos/${guid} does not match its checksum`);
      expect(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')).toContain(guid);
      expect(existsSync(path.join(target, 'pglite'))).toBe(false);
    } finally {
      writeFileSync(file, original);
    }
  });
});
