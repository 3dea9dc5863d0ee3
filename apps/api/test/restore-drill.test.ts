import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { authEndpoints, chatEndpoints } from '@rehabit/contract';
import { and, asc, count, eq, inArray, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { tableRowCounts } from '../src/backup/database.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { auditEvents, chatMessages, clinics, patients, users, videos } from '../src/db/schema.ts';
import { DEMO_CLINIC_CODE, DEMO_PASSWORD, seedDemo } from '../src/seed/demo.ts';
import { createLocalVideoStorage } from '../src/video-host/local-storage.ts';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from './database.ts';
import { createTestClock, testConfig } from './helpers.ts';
import { api } from './patients-support.ts';
import { sha256, tempDir } from './videos-support.ts';

const run = promisify(execFile);
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const installed = (tool: string) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const skipReason = !process.env.TEST_DATABASE_URL
  ? 'it runs on a PostgreSQL server: set TEST_DATABASE_URL'
  : !installed('pg_dump') || !installed('pg_restore')
    ? "pg_dump and pg_restore are missing: scripts/ensure-system-packages.sh installs PostgreSQL's client tools"
    : undefined;
if (skipReason) console.warn(`Restore drill skipped: ${skipReason}`);

/** The command line as an operator runs it, against one database and one video directory. */
const cli = (command: 'backup' | 'restore', dir: string, databaseUrl: string, storageDir: string) =>
  run('npx', ['tsx', 'src/cli.ts', command, dir], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_MIGRATION_URL: '',
      DATA_DIR: '/nonexistent',
      VIDEO_STORAGE_DIR: storageDir,
      VIDEO_S3_BUCKET: '',
    },
  });

/**
 * The portal on a database and video directory, with the demo therapist signed in; `close` ends it. Processing has
 * no tools here, so a video waiting for it is marked ready at once.
 */
async function portalAsTherapist(database: Database, storageDir: string) {
  const app = await buildApp({
    config: testConfig({ VIDEO_STORAGE_DIR: storageDir, FFPROBE_PATH: '/nonexistent', FFMPEG_PATH: '/nonexistent' }),
    database,
    clock: createTestClock(new Date()),
    logger: false,
  });
  try {
    await app.ready();
    const call = api(app);
    const signin = await call.post(authEndpoints.signin.path, undefined, {
      email: 'therapist@example.com',
      password: DEMO_PASSWORD,
    });
    expect(signin.statusCode, signin.body).toBe(200);
    return { call, token: signin.json().token as string, close: () => app.close() };
  } catch (err) {
    await app.close();
    throw err;
  }
}

type Manifest = {
  tables: Record<string, number>;
  files: { path: string; size: number; sha256: string }[];
  missing_files: unknown[];
};

describe.skipIf(skipReason)('a restore drill on PostgreSQL', { timeout: 120_000 }, () => {
  let source: TestDatabase;
  let target: { url: string; drop: () => Promise<void> };
  let restored: Database;
  let manifest: Manifest;
  let backupOutput: string;
  const sourceFiles = tempDir('rehabit-drill-source-');
  const targetFiles = tempDir('rehabit-drill-target-');
  const backupDir = path.join(tempDir('rehabit-drill-backup-'), 'backup');
  let sentBeforeBackup = 0;
  let sentDuringBackup = 0;

  beforeAll(async () => {
    source = await createTestDatabase();
    const db = source.database.db;
    const storage = createLocalVideoStorage(sourceFiles);
    // Without ffmpeg every demo exercise stores the bundled clip.
    await seedDemo(db, { restrictedCode: 'X5218', videos: { storage, ffmpeg: '/nonexistent/ffmpeg' } });
    // A few videos are processed, each with its poster; one is still uploading, its bytes not a video yet.
    const seeded = await db.select({ guid: videos.guid }).from(videos).orderBy(asc(videos.id)).limit(4);
    for (const { guid } of seeded.slice(0, 3)) {
      const poster = path.join(tempDir(), `${guid}.jpg`);
      writeFileSync(poster, Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), randomBytes(2048)]));
      await storage.put('poster', guid, poster);
      await db.update(videos).set({ status: 'ready', hasPoster: true }).where(eq(videos.guid, guid));
    }
    await db.update(videos).set({ status: 'uploading' }).where(eq(videos.guid, seeded[3]!.guid));

    // The clinic at work: a therapist writes to a patient without pause while the backup runs.
    const portal = await portalAsTherapist(source.database, sourceFiles);
    try {
      const { call, token } = portal;
      const [patient] = await db
        .select({ id: patients.id })
        .from(patients)
        .innerJoin(users, eq(users.id, patients.therapistId))
        .where(eq(users.email, 'therapist@example.com'))
        .limit(1);
      const session = (await call.post(chatEndpoints.openSession.path, token, { patient: patient!.id })).json().id;
      let sent = 0;
      let writing = true;
      const load = (async () => {
        try {
          while (writing) {
            const res = await call.post(chatEndpoints.send.path, token, { session, message: `Exercise check ${sent}` });
            expect(res.statusCode, res.body).toBe(201);
            sent += 1;
          }
        } finally {
          writing = false;
        }
      })();
      const pause = () => new Promise((r) => setTimeout(r, 20));
      while (sent < 5 && writing) await pause();
      sentBeforeBackup = sent;
      try {
        backupOutput = (await cli('backup', backupDir, source.url!, sourceFiles)).stdout;
      } finally {
        sentDuringBackup = sent - sentBeforeBackup;
        // One sent wholly after the backup ended, which its snapshot cannot hold.
        const last = sent + 1;
        while (sent <= last && writing) await pause();
        writing = false;
        await load;
      }
    } finally {
      await portal.close();
    }
    manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));

    target = await createEmptyDatabase();
    await cli('restore', backupDir, target.url, targetFiles);
    restored = await openDatabase({ databaseUrl: target.url });
  });

  afterAll(async () => {
    await restored?.close();
    await target?.drop();
    await source?.drop();
  });

  it('restores every table with the rows the manifest counted in the snapshot, while writes went on', async () => {
    expect(sentDuringBackup).toBeGreaterThan(0);
    expect(Object.keys(manifest.tables).length).toBeGreaterThan(40);
    expect(await tableRowCounts(restored.db)).toEqual(manifest.tables);
    const messages = async (database: Database) => (await database.db.select({ n: count() }).from(chatMessages))[0]!.n;
    const drillMessages = async (database: Database) =>
      (
        await database.db.select({ n: count() }).from(chatMessages).where(like(chatMessages.body, 'Exercise check %'))
      )[0]!.n;
    // The snapshot holds every message answered before the backup began, and not those sent after it.
    const inBackup = await messages(restored);
    expect(inBackup).toBe(manifest.tables['public.chat_messages']);
    expect(await drillMessages(restored)).toBeGreaterThanOrEqual(sentBeforeBackup);
    expect(await drillMessages(restored)).toBeLessThan(await drillMessages(source.database));
  });

  it("restores the audit log's entries as they were", async () => {
    const rows = await restored.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(rows.length).toBe(manifest.tables['public.audit_events']);
    expect(rows.some((r) => r.action === 'chat.send')).toBe(true);
    const originals = await source.database.db
      .select()
      .from(auditEvents)
      .where(
        inArray(
          auditEvents.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(auditEvents.id));
    expect(rows).toEqual(originals);
  });

  it('restores every stored video and poster byte for byte, and leaves out an upload under way', async () => {
    const listed = await restored.db
      .select({ guid: videos.guid, hasPoster: videos.hasPoster })
      .from(videos)
      .where(ne(videos.status, 'uploading'));
    const expected = listed.flatMap((v) => [`videos/${v.guid}`, ...(v.hasPoster ? [`posters/${v.guid}.jpg`] : [])]);
    const files = manifest.files.filter((f) => f.path !== 'database.pgdump');
    expect(files.map((f) => f.path).sort()).toEqual(expected.sort());
    expect(files.filter((f) => f.path.startsWith('posters/'))).toHaveLength(3);
    expect(manifest.missing_files).toEqual([]);
    const stored = (root: string, file: string) =>
      file.startsWith('videos/')
        ? path.join(root, 'uploads', file.slice('videos/'.length))
        : path.join(root, 'posters', file.slice('posters/'.length));
    for (const file of files) {
      expect(sha256(stored(targetFiles, file.path)), file.path).toBe(file.sha256);
      expect(sha256(stored(sourceFiles, file.path)), file.path).toBe(file.sha256);
    }
  });

  it('names no patient nor staff member in its progress', async () => {
    expect(backupOutput).toMatch(/Backup complete/);
    const people = await source.database.db
      .select({ first: patients.firstName, last: patients.lastName })
      .from(patients)
      .innerJoin(clinics, and(eq(clinics.id, patients.clinicId), eq(clinics.code, DEMO_CLINIC_CODE)));
    for (const person of people) expect(backupOutput).not.toContain(`${person.first} ${person.last}`);
    expect(backupOutput).not.toMatch(/@/);
  });

  it('refuses to restore into a database that holds data, changing nothing', async () => {
    const before = await tableRowCounts(restored.db);
    const refused = await cli('restore', backupDir, target.url, tempDir()).catch((err) => err);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/holds data .*restore only into a new, empty database/);
    expect(await tableRowCounts(restored.db)).toEqual(before);
  });

  it('answers as the clinic did: the therapist signs in and reads the conversation as backed up', async () => {
    const portal = await portalAsTherapist(restored, targetFiles);
    try {
      const sessions = (await portal.call.get(chatEndpoints.patientSessions.path, portal.token)).json();
      expect(
        sessions.results.some((s: { last_message: { message: string } | null }) =>
          s.last_message?.message.startsWith('Exercise check'),
        ),
      ).toBe(true);
    } finally {
      await portal.close();
    }
  });
});
