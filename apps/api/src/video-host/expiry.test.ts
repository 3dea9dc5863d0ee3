import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/helpers.ts';
import { api, makeStaffedClinic } from '../../test/patients-support.ts';
import { tempDir } from '../../test/videos-support.ts';
import { auditEvents, videos } from '../db/schema.ts';
import { createAuditLog } from '../lib/audit.ts';
import { createVideoCatalog } from '../modules/videos/videos.service.ts';
import { createVideoHost } from './host.ts';
import { createLocalVideoStorage, videoFilePath } from './local-storage.ts';

const storageDir = tempDir();
const t = await testAppForFile({ env: { VIDEO_STORAGE_DIR: storageDir } });

describe('unfinished uploads', () => {
  it('are cleared and marked failed once their credentials can no longer finish them', async () => {
    const home = await makeStaffedClinic(t.app, t.database.db);
    const call = api(t.app);
    const created = (await call.post('/video/create_by_therapist', home.therapist.token, {})).json();
    const partial = videoFilePath(storageDir, created.video_id);
    await mkdir(path.dirname(partial), { recursive: true });
    writeFileSync(partial, 'partial bytes');
    const host = createVideoHost({
      storage: createLocalVideoStorage(storageDir),
      secret: 'rehabit-development-video-secret',
      maxBytes: 1024,
      uploadUrl: '/tus/',
      tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
      clock: t.clock,
      catalog: createVideoCatalog(t.database.db, createAuditLog(t.database.db)),
      log: { error: () => undefined, warn: () => undefined },
    });

    t.clock.advanceMinutes(24 * 60);
    expect(await host.expireStaleUploads()).toBe(0);
    expect(existsSync(partial)).toBe(true);

    // The rows' creation time is the database's clock, so move the test clock well past it.
    t.clock.advanceMinutes(365 * 24 * 60);
    expect(await host.expireStaleUploads()).toBeGreaterThanOrEqual(1);
    expect(existsSync(partial)).toBe(false);
    // Sessions have long ended by then, so the record is read directly.
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, created.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'The upload was not finished in time' });
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'video.upload_expired'), eq(auditEvents.actorUserId, home.therapist.id)));
    expect(entry).toMatchObject({
      outcome: 'failure',
      clinicId: home.clinic.id,
      detail: { video_id: created.id, reason: 'The upload was not finished in time' },
    });
  });
});
