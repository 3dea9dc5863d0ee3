import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  exerciseLogs,
  functionalEntries,
  functionalMeasures,
  healthMetrics,
  hepItems,
  interactionLogs,
  patientEpisodes,
} from '../../src/db/schema.ts';
import { type Actor, type ClinicScope, clinicScope } from '../../src/db/scope.ts';
import { createPasswordResetsRepository } from '../../src/modules/auth/password-resets.repository.ts';
import { createSessionsRepository } from '../../src/modules/auth/sessions.repository.ts';
import { createBillingSettingsRepository } from '../../src/modules/billing/billing-settings.repository.ts';
import { createChatRepository } from '../../src/modules/chat/chat.repository.ts';
import { createExerciseLogsRepository } from '../../src/modules/hep/exercise-logs.repository.ts';
import { createHepRepository } from '../../src/modules/hep/hep.repository.ts';
import { createMonitoringRepository } from '../../src/modules/monitoring/monitoring.repository.ts';
import { createPatientAppRepository } from '../../src/modules/patient-app/patient-app.repository.ts';
import { createFunctionalDataRepository } from '../../src/modules/patient-data/functional-data.repository.ts';
import { createInteractionsRepository } from '../../src/modules/patients/interactions.repository.ts';
import { createPatientsRepository } from '../../src/modules/patients/patients.repository.ts';
import { createProgramTemplatesRepository } from '../../src/modules/program-templates/program-templates.repository.ts';
import { createTasksRepository } from '../../src/modules/tasks/tasks.repository.ts';
import { createCaptionsRepository } from '../../src/modules/videos/captions.repository.ts';
import { createFoldersRepository } from '../../src/modules/videos/folders.repository.ts';
import { createHepRequestsRepository } from '../../src/modules/videos/hep-requests.repository.ts';
import { createVideosRepository } from '../../src/modules/videos/videos.repository.ts';
import { makeClinicWithSupervisor, makeUser } from '../factories.ts';

// ---------------------------------------------------------------------------------------------------------------
// The decisions: one entry per method.

/**
 * What a method does about clinics. `cross-clinic`: the method of a repository built with clinic A's scope is asked
 * for clinic B's rows (or to change them), and the run asserts that none come back (or that B's rows stay as they
 * were, read through `repoOf(factory, scopeB())`). A repository that takes no scope says instead why it holds no
 * clinic's rows to reach (`notClinicData`, `appendOnly`).
 */
export type Entry<R> = { kind: 'cross-clinic'; run: (repo: R) => Promise<void> } | Decision;

/** Why a method of a repository that takes no scope has no clinic's rows to reach. */
export type Decision =
  /** Holds no clinic's data. */
  | { kind: 'not clinic data'; why: string }
  /** Appends rows that each name their own clinic, and never reads them back for a caller (the audit log). */
  | { kind: 'append only'; why: string };

export const crossClinic = <R>(run: (repo: R) => Promise<void>): Entry<R> => ({ kind: 'cross-clinic', run });
export const notClinicData = (why: string): Decision => ({ kind: 'not clinic data', why });
export const appendOnly = (why: string): Decision => ({ kind: 'append only', why });

/** A repository's entries: the compiler also insists on one entry per method, and no entry for a missing one. */
export const cover = <R extends object>(
  factory: (db: Db, scope: ClinicScope) => R,
  methods: NoInfer<{ [K in keyof R]-?: Entry<R> }>,
): { factory: (db: Db, scope: ClinicScope) => object; methods: Record<string, Entry<R>> } => ({ factory, methods });

// The two clinics' rows, seeded before the tests run.
export type Seeded = Awaited<ReturnType<typeof seedClinic>>;
export let a: Seeded;
export let b: Seeded;
export let globalVideoId: number;
/** Clinic B's rows that name clinic A's patient (`seedStrays`). */
export let strays: Strays;
/** The test database the two clinics are seeded in. */
export let db: Db;

/** Sets the two clinics' rows, once they are seeded. */
export function setSeeded(seeded: { a: Seeded; b: Seeded; globalVideoId: number; db: Db }) {
  ({ a, b, globalVideoId, db } = seeded);
}
export const scopeA = (): ClinicScope => clinicScope(a.clinicId);
export const scopeB = (): ClinicScope => clinicScope(b.clinicId);
/** A repository over the test database with another scope: to read clinic B's rows back after a run. */
export const repoOf = <R>(factory: (db: Db, scope: ClinicScope) => R, scope: ClinicScope): R => factory(db, scope);

/** A day's span of billing rows, optionally of some patients. */
export const billingSpan = (patientIds?: number[]) => ({
  patientIds,
  from: new Date('2026-03-01T00:00:00Z'),
  to: new Date('2026-03-04T00:00:00Z'),
  fromDay: DAY,
  toDay: '2026-03-03',
});

// ---------------------------------------------------------------------------------------------------------------
// Two clinics with the same kinds of rows.

export const SHARED_NAME = 'Quillonbeck';
export const DAY = '2026-03-02';

export async function seedClinic(db: Db, index: number) {
  const now = new Date('2026-03-02T15:00:00Z');
  const { clinic, supervisor } = await makeClinicWithSupervisor(db);
  // The two clinics keep different calendars, so that reading the other clinic's timezone shows.
  await createBillingSettingsRepository(db, clinicScope(clinic.id)).setClinicValues({
    timezone: index === 1 ? 'America/New_York' : 'America/Chicago',
  });
  const therapist = await makeUser(db, clinic.id, { role: 'therapist' });
  const patientUser = await makeUser(db, clinic.id, { role: 'patient' });
  const actor: Actor = { id: therapist.id, clinicId: clinic.id, clinicCode: clinic.code, role: 'therapist' };

  const patientsRepo = createPatientsRepository(db, clinicScope(clinic.id));
  const patientId = await patientsRepo.insert({
    userId: patientUser.id,
    firstName: SHARED_NAME,
    lastName: 'Patient',
    phone: `555010${index}000`,
    birthday: '1960-01-01',
    therapistId: therapist.id,
    status: 'onboarded',
    // Covered and consented, so a missing call is needed (decision 1240) and `call=needed` lists the patient.
    isRtmCovered: true,
    consentDate: '2026-01-01',
  });
  await patientsRepo.openEpisode({
    patientId,
    diagnosis: 'M54.50',
    therapistId: therapist.id,
    startedAt: now,
  });
  await patientsRepo.recordEvent({
    patientId,
    action: 'register',
    actorUserId: therapist.id,
    at: now,
  });

  const scope = clinicScope(clinic.id);
  const videos = createVideosRepository(db, scope);
  const guid = `clinic-scope-${index}-${clinic.code}`;
  const videoId = await videos.insert({ ...VIDEO_DEFAULTS, guid, ownerUserId: therapist.id });
  await videos.updateByGuid(guid, { status: 'ready' });
  // Each clinic's video has an English caption track.
  const vtt = `WEBVTT\n\n00:00.000 --> 00:01.000\nClinic ${index}\n`;
  const caption = { vtt, sizeBytes: vtt.length, cueCount: 1 };
  await createCaptionsRepository(db, scope).save(videoId, 'en', caption, therapist.id, now);

  const folders = createFoldersRepository(db, scope);
  const folderId = await folders.insert(therapist.id, 'Knee set');
  await folders.setShared([folderId], true);
  await folders.addItems([folderId], [videoId]);

  const [hepItemId] = await createHepRepository(db, scope).insert(
    [
      {
        patientId,
        videoId,
        folderId: null,
        folderName: null,
        sets: 3,
        reps: 10,
        holdSeconds: 0,
        timesPerDay: 1,
        daysPerWeek: 7,
        description: '',
        createdBy: therapist.id,
      },
    ],
    now,
  );
  // A template shared with the clinic, with the clinic's video (decision 1400).
  const templates = createProgramTemplatesRepository(db, scope);
  const templateId = await templates.insert(
    { ownerUserId: therapist.id, name: 'Knee template', visibility: 'clinic' },
    now,
  );
  await templates.replaceItems(templateId, [
    { videoId, sets: 3, reps: 10, holdSeconds: 0, timesPerDay: 1, daysPerWeek: 7, description: '' },
  ]);
  const logs = createExerciseLogsRepository(db, scope);
  const log = await logs.insertOnce({
    patientId,
    hepItemId: hepItemId!,
    performedAt: now,
    localDate: DAY,
    setsDone: 3,
    pain: 4,
    // The same client id in both clinics.
    clientId: 'same-client-id',
  });
  await logs.recordPain(log!);
  await createPatientAppRepository(db, clinicScope(clinic.id)).insertReadings([
    { patientId, kind: 'steps', value: 1000, measuredAt: now, localDate: DAY, source: 'manual' },
  ]);

  const functional = createFunctionalDataRepository(db, clinicScope(clinic.id));
  const series = await functional.insertSeries({
    patientId,
    datatypeId: 1,
    name: 'LEFS',
    unit: '',
    createdBy: therapist.id,
  });
  await functional.insertEntries(
    series.id,
    [{ date: DAY, answers: [1], score: 1, scoringVersion: '1', note: '' }],
    therapist.id,
    now,
  );
  // Filled in by the patient themself: only such an entry makes a data day.
  await db.update(functionalEntries).set({ enteredBy: 'patient' }).where(eq(functionalEntries.patientId, patientId));
  await createInteractionsRepository(db, clinicScope(clinic.id)).insert({
    patientId,
    date: DAY,
    startedAt: new Date(`${DAY}T12:00:00Z`),
    kind: 'phone',
    minutes: 5,
    createdBy: therapist.id,
    createdAt: now,
  });

  const chat = createChatRepository(db, clinicScope(clinic.id));
  await chat.insertSession({ kind: 'patient', patientId });
  await chat.insertSession({ kind: 'support', staffUserId: therapist.id });
  const patientChatId = (await chat.findPatientSession(patientId))!.id;
  const supportChatId = (await chat.findSupportSession(therapist.id))!.id;
  await chat.saveMessages(
    [patientChatId, supportChatId].map((sessionId) => ({
      sessionId,
      senderUserId: therapist.id,
      body: 'Hello',
      clientId: null,
      createdAt: now,
      byPatient: false,
      audit: { ip: null },
    })),
  );

  await createHepRequestsRepository(db, scope).insert(therapist.id, 'A heel raise, please');
  const monitoringSession = await createMonitoringRepository(db, clinicScope(clinic.id)).insert({
    patientId,
    userId: therapist.id,
    now,
  });
  const tasks = createTasksRepository(db, clinicScope(clinic.id));
  const taskId = await tasks.insert({
    patientId,
    kind: 'assigned',
    title: 'Check in',
    assigneeId: therapist.id,
    createdBy: therapist.id,
  });
  const ruleTaskId = (await tasks.openByRule({
    kind: 'no_data',
    cause: `patient:${patientId}:since:${DAY}`,
    patientId,
    assigneeId: therapist.id,
    title: 'No data',
    now,
  }))!;
  const pending = await makeUser(db, clinic.id, { role: 'manager', approvalStatus: 'pending' });
  await createSessionsRepository(db, clinicScope(clinic.id)).create({
    userId: therapist.id,
    tokenHash: `clinic-scope-token-${clinic.code}`,
    kind: 'staff',
    ip: null,
    userAgent: null,
    now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  await createPasswordResetsRepository(db, clinicScope(clinic.id)).create(
    therapist.id,
    `clinic-scope-reset-${clinic.code}`,
    now,
    new Date(now.getTime() + 3600_000),
  );

  return {
    clinicId: clinic.id,
    clinicCode: clinic.code,
    supervisorId: supervisor.id,
    therapistId: therapist.id,
    therapistEmail: therapist.email,
    patientUserId: patientUser.id,
    actor,
    patientId,
    videoId,
    videoGuid: guid,
    folderId,
    templateId,
    hepItemId: hepItemId!,
    patientChatId,
    supportChatId,
    monitoringSessionId: monitoringSession.id,
    taskId,
    ruleTaskId,
    pendingId: pending.id,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Clinic B's rows that name clinic A's patient.

export type Strays = Awaited<ReturnType<typeof seedStrays>>;

/**
 * Rows of clinic B that name clinic A's patient, written straight into the tables, as no repository would write them:
 * a query that narrows its outer patient by the scope but its inner reads only by the patient's id would count them
 * in A's answers (decision 1340). Each is dated so that, if counted, it changes an answer the entries ask of A: a call
 * in April (no call needed then), an open episode begun long before A's (quiet before A's episode began), and an
 * exercise, a reading and an outcome entry on 5 March (progress of A's week, not quiet on 10 March) of a program item
 * changed that day (A's program and its last change). All of them lie outside the entries' billing span.
 */
export async function seedStrays(db: Db) {
  const day = '2026-03-05';
  const at = new Date(`${day}T12:00:00Z`);
  const clinicId = b.clinicId;
  const patientId = a.patientId;
  const [call] = await db
    .insert(interactionLogs)
    .values({
      clinicId,
      patientId,
      date: '2026-04-08',
      startedAt: new Date('2026-04-08T12:00:00Z'),
      minutes: 20,
      createdAt: at,
    })
    .returning({ id: interactionLogs.id });
  const [episode] = await db
    .insert(patientEpisodes)
    .values({ clinicId, patientId, diagnosis: 'M54.50', startedAt: new Date('2026-01-01T12:00:00Z') })
    .returning({ id: patientEpisodes.id });
  const [hepItem] = await db
    .insert(hepItems)
    .values({
      clinicId,
      patientId,
      videoId: b.videoId,
      position: 1,
      sets: 1,
      reps: 1,
      createdAt: new Date('2026-03-01T00:00:00Z'),
      updatedAt: at,
    })
    .returning({ id: hepItems.id });
  const [log] = await db
    .insert(exerciseLogs)
    .values({
      clinicId,
      patientId,
      hepItemId: hepItem!.id,
      performedAt: at,
      localDate: day,
      setsDone: 1,
      clientId: 'clinic-scope-stray',
    })
    .returning({ id: exerciseLogs.id });
  const [reading] = await db
    .insert(healthMetrics)
    .values({ clinicId, patientId, kind: 'steps', value: 5000, measuredAt: at, localDate: day, source: 'manual' })
    .returning({ id: healthMetrics.id });
  const [measure] = await db
    .insert(functionalMeasures)
    .values({ clinicId, patientId, datatypeId: 1, name: 'Stray', unit: '' })
    .returning({ id: functionalMeasures.id });
  const [entry] = await db
    .insert(functionalEntries)
    .values({
      measureId: measure!.id,
      clinicId,
      patientId,
      date: day,
      answers: [1],
      score: 1,
      scoringVersion: '1',
      enteredBy: 'patient',
    })
    .returning({ id: functionalEntries.id });
  const seeded = {
    day,
    at,
    callId: call!.id,
    episodeId: episode!.id,
    hepItemId: hepItem!.id,
    exerciseLogId: log!.id,
    readingId: reading!.id,
    measureId: measure!.id,
    entryId: entry!.id,
  };
  strays = seeded;
  return seeded;
}
