import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeStaffedClinic } from '../../test/patients-support.ts';
import { createVideo, listen, mp4Head, tempDir, tusHeadersOf, tusUpload, waitFor } from '../../test/videos-support.ts';
import { videos } from '../db/schema.ts';
import { writeDemoVideoFiles } from '../seed/demo-videos.ts';
import { createLocalVideoStorage } from './local-storage.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** A stand-in for ffprobe or ffmpeg that never finishes on its own: it notes its process id and sleeps. */
function hangingTool() {
  const dir = tempDir('rehabit-tool-');
  const pids = path.join(dir, 'pids');
  const tool = path.join(dir, 'tool.sh');
  writeFileSync(tool, `#!/bin/sh\necho $$ >> '${pids}'\nexec sleep 60\n`);
  chmodSync(tool, 0o755);
  const firstPid = () =>
    waitFor(async () => (existsSync(pids) ? Number(readFileSync(pids, 'utf8').split('\n')[0]) : undefined));
  return { tool, firstPid };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Decision 1250: a stop never waits for a video tool; what it cut short runs again at the next start.
describe('stopping while a video tool runs', { timeout: 30_000 }, () => {
  it('ends the ffprobe of a clip being processed and closes at once, leaving the video to process again', async () => {
    const { tool, firstPid } = hangingTool();
    const work = tempDir('rehabit-clips-');
    const clip = path.join(work, 'clip.mp4');
    writeFileSync(clip, Buffer.concat([mp4Head(), Buffer.alloc(4096)]));
    const server = await listen(db.database, tempDir(), { FFPROBE_PATH: tool, FFMPEG_PATH: tool });
    const { therapist } = await makeStaffedClinic(server.app, db.database.db);
    const video = await createVideo(server.app, therapist.token, { title: 'Heel slides' });
    await tusUpload(clip, server.url, tusHeadersOf(video));
    const pid = await firstPid();
    expect(isAlive(pid)).toBe(true);

    const started = Date.now();
    await server.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => isAlive(pid), { timeout: 2000 }).toBe(false);
    const [row] = await db.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.status).toBe('processing');
  });

  it('ends the ffmpeg writing the demo clips when the first demo start is stopped', async () => {
    const { tool, firstPid } = hangingTool();
    const stopping = new AbortController();
    const clips = [1, 2, 3, 4, 5].map((n) => ({
      guid: `00000000-0000-4000-8000-00000000000${n}`,
      label: `Clip ${n}`,
      bodyPart: 'Knee',
    }));
    const writing = writeDemoVideoFiles(db.database.db, clips, {
      storage: createLocalVideoStorage(tempDir()),
      ffmpeg: tool,
      signal: stopping.signal,
    });
    const settled = writing.then(
      () => 'written',
      () => 'stopped',
    );
    const pid = await firstPid();

    const started = Date.now();
    stopping.abort(new Error('stopped by SIGTERM'));
    expect(await settled).toBe('stopped');
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => isAlive(pid), { timeout: 2000 }).toBe(false);
  });
});
