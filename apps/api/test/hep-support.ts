import { randomUUID } from 'node:crypto';
import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { auditEvents, clinics, patients, sessions, videoFolderItems, videoFolders, videos } from '../src/db/schema.ts';
import { hashToken, randomToken } from '../src/lib/tokens.ts';
import { makeUser } from './factories.ts';
import type { TestApp } from './helpers.ts';

type VideoOptions = {
  clinicId: number | null;
  ownerUserId?: number;
  title?: string;
  status?: 'uploading' | 'processing' | 'ready' | 'failed';
  sets?: number;
  reps?: number;
};

/** A library video as it stands after processing (ready unless told otherwise). */
export async function makeVideo(db: Db, options: VideoOptions) {
  const [row] = await db
    .insert(videos)
    .values({
      ...{
        bodyPart: VIDEO_DEFAULTS.body_part,
        purpose: VIDEO_DEFAULTS.purpose,
        position: VIDEO_DEFAULTS.position,
        positionTitle: VIDEO_DEFAULTS.position_title,
        equipment: VIDEO_DEFAULTS.equipment,
        unhealthyBodyPart: VIDEO_DEFAULTS.unhealthy_body_part,
        purposeOfTreatment: VIDEO_DEFAULTS.purpose_of_treatment,
        description: VIDEO_DEFAULTS.description,
      },
      guid: randomUUID(),
      clinicId: options.clinicId,
      ownerUserId: options.ownerUserId ?? null,
      title: options.title ?? `Exercise ${randomUUID().slice(0, 6)}`,
      status: options.status ?? 'ready',
      sets: options.sets ?? 3,
      reps: options.reps ?? 10,
      durationSeconds: 12,
      hasPoster: true,
    })
    .returning({ id: videos.id, title: videos.title });
  return row!;
}

/** A folder with videos added one after the other (the folder's order). */
export async function makeFolder(
  db: Db,
  owner: { clinicId: number; userId: number },
  videoIds: number[],
  options: { name?: string; isShared?: boolean } = {},
) {
  const [folder] = await db
    .insert(videoFolders)
    .values({
      clinicId: owner.clinicId,
      ownerUserId: owner.userId,
      name: options.name ?? 'Knee set',
      isShared: options.isShared ?? false,
    })
    .returning({ id: videoFolders.id, name: videoFolders.name });
  for (const [index, videoId] of videoIds.entries()) {
    await db
      .insert(videoFolderItems)
      .values({ folderId: folder!.id, videoId, addedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) });
  }
  return folder!;
}

/**
 * A session for a patient's own account, opened directly at the test clock's time: a patient user linked to the
 * record (made on first use). For tests of what a patient does, not of how they sign in (that is
 * `signedInPatient` in patient-app-support.ts, through the real phone-code calls). After moving the clock past
 * the idle limit, open another.
 */
export async function sessionForPatient(t: TestApp, patientId: number) {
  const db = t.database.db;
  const [patient] = await db.select().from(patients).where(eq(patients.id, patientId));
  let userId = patient!.userId;
  if (userId === null) {
    userId = (await makeUser(db, patient!.clinicId, { role: 'patient' })).id;
    await db.update(patients).set({ userId }).where(eq(patients.id, patientId));
  }
  const token = randomToken();
  const now = t.clock.now();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    kind: 'patient',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 12 * 3600_000),
  });
  return { userId, token };
}

export async function setClinicTimezone(db: Db, clinicId: number, timezone: string) {
  await db.update(clinics).set({ timezone }).where(eq(clinics.id, clinicId));
}

/** Audit rows of an action about a patient, oldest first. */
export async function auditRows(db: Db, action: string, patientId?: number) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, action), patientId === undefined ? undefined : eq(auditEvents.patientId, patientId)),
    )
    .orderBy(auditEvents.id);
  return rows;
}
