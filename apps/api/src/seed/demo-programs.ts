import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  clinics,
  exerciseLogs,
  functionalEntries,
  functionalMeasures,
  healthMetrics,
  hepItems,
  patientEpisodes,
  patients,
  videoFolderItems,
  videoFolders,
  videos,
} from '../db/schema.ts';
import { addDays, localDateOf } from '../lib/calendar.ts';
import { insertMany } from './demo-bulk-insert.ts';
import { type Adherence, exerciseHistory } from './demo-history.ts';
import { seedMeasureAssignments } from './demo-measures.ts';
import { outcomeHistory } from './demo-outcomes.ts';
import { chooseSignInPatients, createSignIns } from './demo-patient-sign-ins.ts';
import { defaultDosage, dosages, type Region, regionExercises, regionFolder, regionOf } from './demo-program-plans.ts';
import { atLocalTime, daysBetween, type Random, seededRandom } from './demo-random.ts';

export { DEMO_PATIENT_EMAIL } from './demo-patient-sign-ins.ts';

export type DemoProgramsOptions = {
  /** DEMO01 first: its demo therapist's patients get the patient sign-ins. */
  clinicIds: number[];
  /** therapist@example.com, whose patients the demo patients are. */
  therapistId: number;
  /** Hash of the demo password, for the e-mail sign-in of the demo patient. */
  passwordHash: string;
  now: Date;
};

type DemoPatient = Awaited<ReturnType<typeof loadTreatedPatients>>[number] & {
  ordinal: number;
  timezone: string;
  region: Region;
  startDay: string;
  lastDay: string;
};

/** Onboarded patients (and discharged ones) with their latest episode, in registration order. */
export async function loadTreatedPatients(tx: Tx, clinicId: number) {
  const rows = await tx
    .select({
      id: patients.id,
      clinicId: patients.clinicId,
      firstName: patients.firstName,
      lastName: patients.lastName,
      email: patients.email,
      status: patients.status,
      therapistId: patientEpisodes.therapistId,
      diagnosis: patientEpisodes.diagnosis,
      startedAt: patientEpisodes.startedAt,
      endedAt: patientEpisodes.endedAt,
    })
    .from(patients)
    .innerJoin(patientEpisodes, eq(patientEpisodes.patientId, patients.id))
    .where(and(eq(patients.clinicId, clinicId), inArray(patients.status, ['onboarded', 'discharged'])))
    .orderBy(asc(patients.id), desc(patientEpisodes.startedAt));
  return rows.filter((row, i) => i === 0 || rows[i - 1]!.id !== row.id);
}

/** Library videos a clinic may use, by title (the clinic's own first), and its folders with their videos. */
async function loadLibrary(tx: Tx, clinicId: number) {
  const rows = await tx
    .select({ id: videos.id, title: videos.title, clinicId: videos.clinicId })
    .from(videos)
    .where(or(isNull(videos.clinicId), eq(videos.clinicId, clinicId)))
    .orderBy(asc(videos.id));
  const byTitle = new Map<string, number>();
  for (const row of rows) if (row.clinicId !== null || !byTitle.has(row.title)) byTitle.set(row.title, row.id);
  const items = await tx
    .select({
      folderId: videoFolders.id,
      name: videoFolders.name,
      ownerUserId: videoFolders.ownerUserId,
      isShared: videoFolders.isShared,
      videoId: videoFolderItems.videoId,
    })
    .from(videoFolders)
    .innerJoin(videoFolderItems, eq(videoFolderItems.folderId, videoFolders.id))
    .where(eq(videoFolders.clinicId, clinicId))
    .orderBy(asc(videoFolders.id), asc(videoFolderItems.addedAt), asc(videoFolderItems.videoId));
  const folders = new Map<string, { id: number; ownerUserId: number; isShared: boolean; videoIds: number[] }>();
  for (const item of items) {
    const folder = folders.get(item.name) ?? {
      id: item.folderId,
      ownerUserId: item.ownerUserId,
      isShared: item.isShared,
      videoIds: [],
    };
    folder.videoIds.push(item.videoId);
    folders.set(item.name, folder);
  }
  return { byTitle, folders };
}
type Library = Awaited<ReturnType<typeof loadLibrary>>;

type ProgramItem = {
  videoId: number;
  title: string;
  folder: { id: number; name: string } | null;
  addedOn: string;
};

/**
 * 4 to 8 exercises of the patient's region: half the time starting with the clinic's folder for the region (as a
 * therapist adds a whole folder), and, for longer episodes, one exercise added weeks later as the patient progresses.
 */
function buildProgram(patient: DemoPatient, library: Library, random: Random, useFolder: boolean): ProgramItem[] {
  const titleOf = new Map([...library.byTitle].map(([title, id]) => [id, title]));
  const program: ProgramItem[] = [];
  const has = (videoId: number) => program.some((item) => item.videoId === videoId);
  const folderName = regionFolder[patient.region];
  const folder = folderName ? library.folders.get(folderName) : undefined;
  if (useFolder && folder && folderName && (folder.isShared || folder.ownerUserId === patient.therapistId)) {
    for (const videoId of folder.videoIds) {
      const title = titleOf.get(videoId);
      if (title && !has(videoId))
        program.push({ videoId, title, folder: { id: folder.id, name: folderName }, addedOn: patient.startDay });
    }
  }
  const [core, rest] = [regionExercises[patient.region].slice(0, 3), regionExercises[patient.region].slice(3)];
  const size = random.int(4, 8);
  for (const title of [...core, ...random.shuffle(rest)]) {
    const videoId = library.byTitle.get(title);
    if (program.length >= size) break;
    if (videoId !== undefined && !has(videoId))
      program.push({ videoId, title, folder: null, addedOn: patient.startDay });
  }
  // A folder comes in whole on the first day; a single exercise is what a therapist adds later.
  const last = program.at(-1);
  if (last && !last.folder && program.length >= 5 && daysBetween(patient.startDay, patient.lastDay) > 40) {
    last.addedOn = addDays(patient.startDay, random.int(21, 35));
  }
  return program;
}

const adherenceCycle: Adherence[] = [
  'engaged',
  'steady',
  'fading',
  'engaged',
  'sporadic',
  'steady',
  'lapsed',
  'fading',
];
const response: Record<Adherence, number> = { engaged: 1, steady: 0.8, fading: 0.55, sporadic: 0.35, lapsed: 0.5 };

/** The demo patients who get a program, with their clinic's calendar, and each clinic's library. */
async function loadDemoPatients(tx: Tx, clinicIds: number[], now: Date) {
  const all: DemoPatient[] = [];
  const libraries = new Map<number, Library>();
  for (const [clinicIndex, clinicId] of clinicIds.entries()) {
    const [clinic] = await tx.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, clinicId));
    const timezone = clinic!.timezone;
    libraries.set(clinicId, await loadLibrary(tx, clinicId));
    const today = localDateOf(now, timezone);
    let discharged = 0;
    for (const [ordinal, row] of (await loadTreatedPatients(tx, clinicId)).entries()) {
      // A few discharged patients keep their finished program: every other one.
      if (row.status === 'discharged' && discharged++ % 2 === 1) continue;
      const startDay = localDateOf(row.startedAt, timezone);
      const lastDay = row.endedAt ? localDateOf(row.endedAt, timezone) : today;
      const region = regionOf(row.diagnosis);
      all.push({ ...row, ordinal: ordinal + 1000 * clinicIndex, timezone, region, startDay, lastDay });
    }
  }
  return { all, libraries };
}

type DemoProgram = {
  patient: DemoPatient;
  random: Random;
  adherence: Adherence;
  items: ProgramItem[];
  /** One of the patients who sign in: a full picture (steps, PSFS, range of motion). */
  special: boolean;
};

/** Inserts the program items; answers their ids by patient and position. */
async function insertPrograms(tx: Tx, programs: DemoProgram[]) {
  const rows = programs.flatMap(({ patient, items }) =>
    items.map((item, position) => {
      const createdAt = atLocalTime(item.addedOn, 11 * 60 + position, patient.timezone);
      return {
        clinicId: patient.clinicId,
        patientId: patient.id,
        videoId: item.videoId,
        folderId: item.folder?.id ?? null,
        folderName: item.folder?.name ?? null,
        position,
        ...(dosages[item.title] ?? defaultDosage),
        createdBy: patient.therapistId,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await tx
      .insert(hepItems)
      .values(rows.slice(i, i + 1000))
      .returning({ id: hepItems.id, patientId: hepItems.patientId, position: hepItems.position });
    for (const row of inserted) ids.set(`${row.patientId}:${row.position}`, row.id);
  }
  return ids;
}

/** One patient's logs, readings and outcome series, as rows. */
function historyOf(
  { patient, random, adherence, items, special }: DemoProgram,
  itemIds: Map<string, number>,
  now: Date,
) {
  const firstDay = [patient.startDay, addDays(localDateOf(now, patient.timezone), -89)].sort()[1]!;
  const pain = {
    start: random.int(5, 8),
    end: adherence === 'sporadic' ? random.int(4, 5) : random.int(1, 3),
    span: daysBetween(patient.startDay, patient.lastDay),
  };
  const history = exerciseHistory(
    {
      timezone: patient.timezone,
      now,
      startDay: patient.startDay,
      firstDay,
      lastDay: patient.lastDay,
      adherence,
      pain,
      steps:
        special || (adherence !== 'lapsed' && patient.ordinal % 2 === 0)
          ? { source: random.pick(['apple_health', 'health_connect'] as const), base: random.int(3500, 8000) }
          : null,
      items: items.map((item) => ({ dosage: dosages[item.title] ?? defaultDosage, addedOn: item.addedOn })),
    },
    random,
  );
  const outcomes = outcomeHistory(
    {
      region: patient.region,
      diagnosis: patient.diagnosis,
      timezone: patient.timezone,
      startDay: patient.startDay,
      lastDay: patient.lastDay,
      discharged: patient.status === 'discharged',
      pain,
      response: response[adherence],
      psfs: special || patient.ordinal % 3 === 1,
      rom: special || patient.ordinal % 3 === 0,
      tug: patient.region === 'balance' || patient.region === 'hip',
    },
    random,
  );
  const ids = { clinicId: patient.clinicId, patientId: patient.id };
  return {
    logs: history.logs.map(({ item, ...log }) => ({
      ...ids,
      ...log,
      hepItemId: itemIds.get(`${patient.id}:${item}`)!,
      createdAt: log.performedAt,
    })),
    readings: history.readings.map((reading) => ({ ...ids, ...reading, createdAt: reading.measuredAt })),
    measures: outcomes.map((series) => ({ ...ids, createdBy: patient.therapistId, series })),
  };
}

/**
 * Home exercise programs and their history for the onboarded (and some discharged) demo patients: 90 days of
 * exercise logs, pain ratings and steps, and outcome measures every few weeks, then patient sign-ins for two of
 * them. Deterministic: the same clinics give the same data, relative to `now`.
 */
export async function seedDemoPrograms(tx: Tx, options: DemoProgramsOptions) {
  const { all, libraries } = await loadDemoPatients(tx, options.clinicIds, options.now);
  const [withEmail, byPhone] = chooseSignInPatients(all, {
    clinicId: options.clinicIds[0]!,
    therapistId: options.therapistId,
  });
  const programs = all.map((patient): DemoProgram => {
    const random = seededRandom(patient.ordinal * 7919 + 17);
    const special = patient === withEmail || patient === byPhone;
    const adherence =
      patient === withEmail ? 'engaged' : patient === byPhone ? 'steady' : adherenceCycle[patient.ordinal % 8]!;
    const items = buildProgram(patient, libraries.get(patient.clinicId)!, random, special || random.chance(0.5));
    return { patient, random, adherence, items, special };
  });
  const itemIds = await insertPrograms(tx, programs);
  const histories = programs.map((program) => historyOf(program, itemIds, options.now));
  await insertMany(
    tx,
    exerciseLogs,
    histories.flatMap((h) => h.logs),
  );
  await insertMany(
    tx,
    healthMetrics,
    histories.flatMap((h) => h.readings),
  );
  await insertOutcomes(
    tx,
    histories.flatMap((h) => h.measures),
  );
  await seedMeasureAssignments(
    tx,
    programs.filter((program) => !program.special).map((program) => program.patient),
  );
  await createSignIns(tx, { withEmail, byPhone, passwordHash: options.passwordHash });
}

type MeasureToInsert = {
  patientId: number;
  clinicId: number;
  createdBy: number | null;
  series: ReturnType<typeof outcomeHistory>[number];
};

async function insertOutcomes(tx: Tx, measures: MeasureToInsert[]) {
  const entries: (typeof functionalEntries.$inferInsert)[] = [];
  for (let i = 0; i < measures.length; i += 500) {
    const chunk = measures.slice(i, i + 500).filter((m) => m.series.entries.length > 0);
    if (chunk.length === 0) continue;
    const inserted = await tx
      .insert(functionalMeasures)
      .values(
        chunk.map(({ patientId, clinicId, createdBy, series }) => ({
          patientId,
          clinicId,
          createdBy,
          datatypeId: series.datatypeId,
          name: series.name,
          unit: series.unit,
          createdAt: series.entries[0]!.createdAt,
        })),
      )
      .returning({ id: functionalMeasures.id, patientId: functionalMeasures.patientId, name: functionalMeasures.name });
    const idOf = new Map(inserted.map((row) => [`${row.patientId}:${row.name}`, row.id]));
    for (const { patientId, clinicId, createdBy, series } of chunk) {
      const measureId = idOf.get(`${patientId}:${series.name}`)!;
      for (const entry of series.entries) {
        entries.push({ ...entry, measureId, patientId, clinicId, createdBy, updatedAt: entry.createdAt });
      }
    }
  }
  await insertMany(tx, functionalEntries, entries);
}
