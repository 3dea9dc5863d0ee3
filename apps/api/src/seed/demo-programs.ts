import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
  users,
  videoFolderItems,
  videoFolders,
  videos,
} from '../db/schema.ts';
import { addDays, localDateOf } from '../lib/calendar.ts';
import { hashPassword } from '../lib/passwords.ts';
import { randomToken } from '../lib/tokens.ts';
import { phoneAccountEmail } from '../modules/patient-app/patient-signin.service.ts';
import { type Adherence, exerciseHistory } from './demo-history.ts';
import { outcomeHistory } from './demo-outcomes.ts';
import { defaultDosage, dosages, type Region, regionExercises, regionFolder, regionOf } from './demo-program-plans.ts';
import { atLocalTime, daysBetween, type Random, seededRandom } from './demo-random.ts';

export const DEMO_PATIENT_EMAIL = 'patient@example.com';

export type DemoProgramsOptions = {
  /** DEMO01 first: its demo therapist's patients get the patient sign-ins. */
  clinicIds: number[];
  /** therapist@example.com, whose patients the demo patients are. */
  therapistId: number;
  /** Hash of the demo password, for the e-mail sign-in of the demo patient. */
  passwordHash: string;
  now: Date;
};

type DemoPatient = Awaited<ReturnType<typeof loadPatients>>[number] & {
  ordinal: number;
  timezone: string;
  region: Region;
  startDay: string;
  lastDay: string;
};

/** Onboarded patients (and discharged ones) with their latest episode, in registration order. */
async function loadPatients(tx: Tx, clinicId: number) {
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
  const episodeDays = daysBetween(patient.startDay, patient.lastDay);
  if (program.length >= 5 && episodeDays > 40) program.at(-1)!.addedOn = addDays(patient.startDay, random.int(21, 35));
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

/**
 * Inserts many rows as one JSON parameter per few thousand rows: far faster than bound values on the embedded
 * database, which keeps the first start quick.
 */
async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], size = 5000) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += size) {
    const records = rows
      .slice(i, i + size)
      .map((row) =>
        Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]])),
      );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${types})`,
    );
  }
}

/**
 * Home exercise programs and their history for the onboarded (and some discharged) demo patients: 90 days of
 * exercise logs, pain ratings and steps, and outcome measures every few weeks, then patient sign-ins for two of
 * them. Deterministic: the same clinics give the same data, relative to `now`.
 */
export async function seedDemoPrograms(tx: Tx, options: DemoProgramsOptions) {
  const { now } = options;
  const all: DemoPatient[] = [];
  const libraries = new Map<number, Library>();
  for (const [clinicIndex, clinicId] of options.clinicIds.entries()) {
    const [clinic] = await tx.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, clinicId));
    const timezone = clinic!.timezone;
    libraries.set(clinicId, await loadLibrary(tx, clinicId));
    const today = localDateOf(now, timezone);
    let discharged = 0;
    for (const [ordinal, row] of (await loadPatients(tx, clinicId)).entries()) {
      // A few discharged patients keep their finished program: every other one.
      if (row.status === 'discharged' && discharged++ % 2 === 1) continue;
      const startDay = localDateOf(row.startedAt, timezone);
      const lastDay = row.endedAt ? localDateOf(row.endedAt, timezone) : today;
      all.push({
        ...row,
        ordinal: ordinal + 1000 * clinicIndex,
        timezone,
        region: regionOf(row.diagnosis),
        startDay,
        lastDay,
      });
    }
  }
  const [withEmail, byPhone] = chooseSignInPatients(all, options);

  const programs = all.map((patient) => {
    const random = seededRandom(patient.ordinal * 7919 + 17);
    const special = patient === withEmail || patient === byPhone;
    const adherence =
      patient === withEmail ? 'engaged' : patient === byPhone ? 'steady' : adherenceCycle[patient.ordinal % 8]!;
    const items = buildProgram(patient, libraries.get(patient.clinicId)!, random, special || random.chance(0.5));
    return { patient, random, adherence, items, special };
  });

  const itemRows = programs.flatMap(({ patient, items }) =>
    items.map((item, position) => {
      const createdAt = atLocalTime(item.addedOn, 11 * 60 + position, patient.timezone);
      const dosage = dosages[item.title] ?? defaultDosage;
      return {
        clinicId: patient.clinicId,
        patientId: patient.id,
        videoId: item.videoId,
        folderId: item.folder?.id ?? null,
        folderName: item.folder?.name ?? null,
        position,
        ...dosage,
        createdBy: patient.therapistId,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  const itemIds = new Map<string, number>();
  for (let i = 0; i < itemRows.length; i += 1000) {
    const inserted = await tx
      .insert(hepItems)
      .values(itemRows.slice(i, i + 1000))
      .returning({ id: hepItems.id, patientId: hepItems.patientId, position: hepItems.position });
    for (const row of inserted) itemIds.set(`${row.patientId}:${row.position}`, row.id);
  }

  const logs: (typeof exerciseLogs.$inferInsert)[] = [];
  const readings: (typeof healthMetrics.$inferInsert)[] = [];
  const measures: MeasureToInsert[] = [];
  for (const { patient, random, adherence, items, special } of programs) {
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
    const ids = { clinicId: patient.clinicId, patientId: patient.id };
    for (const { item, ...log } of history.logs) {
      logs.push({ ...ids, ...log, hepItemId: itemIds.get(`${patient.id}:${item}`)!, createdAt: log.performedAt });
    }
    for (const reading of history.readings) readings.push({ ...ids, ...reading, createdAt: reading.measuredAt });

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
    for (const series of outcomes) measures.push({ ...ids, createdBy: patient.therapistId, series });
  }
  await insertMany(tx, exerciseLogs, logs);
  await insertMany(tx, healthMetrics, readings);
  await insertOutcomes(tx, measures);
  await createSignIns(tx, options, withEmail, byPhone);
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

/**
 * The patients who can sign in to the patient app: a long, engaged knee program of the demo therapist for the
 * e-mail sign-in, and another of their patients for the phone code.
 */
function chooseSignInPatients(
  all: DemoPatient[],
  options: DemoProgramsOptions,
): [DemoPatient | undefined, DemoPatient | undefined] {
  const candidates = all.filter((p) => p.clinicId === options.clinicIds[0] && p.status === 'onboarded');
  // Shortest episodes first: a program of about three months shows its whole course in the last 90 days.
  const ours = candidates
    .filter((p) => p.therapistId === options.therapistId)
    .sort((a, b) => b.startDay.localeCompare(a.startDay) || a.id - b.id);
  const runningFor = (p: DemoPatient, days: number) => daysBetween(p.startDay, p.lastDay) >= days;
  const withEmail =
    ours.find((p) => p.region === 'knee' && runningFor(p, 95)) ??
    ours.find((p) => runningFor(p, 95)) ??
    [...candidates].sort((a, b) => a.startDay.localeCompare(b.startDay))[0];
  const others = candidates.filter((p) => p !== withEmail);
  const byPhone =
    others.find((p) => p.therapistId === options.therapistId && p.region === 'lowBack' && runningFor(p, 60)) ??
    others.find((p) => p.therapistId === options.therapistId && p.region !== withEmail?.region && runningFor(p, 60)) ??
    others[0];
  return [withEmail, byPhone];
}

/**
 * Patient accounts (role patient, approved, linked by the record's user id). The phone-code patient's account is
 * the one a first phone sign-in would make (decision 0410): an address that cannot receive mail and a password
 * nobody knows.
 */
async function createSignIns(tx: Tx, options: DemoProgramsOptions, withEmail?: DemoPatient, byPhone?: DemoPatient) {
  const accounts = [
    withEmail && { patient: withEmail, email: DEMO_PATIENT_EMAIL, passwordHash: options.passwordHash },
    byPhone && {
      patient: byPhone,
      email: phoneAccountEmail(byPhone.id),
      passwordHash: await hashPassword(randomToken()),
    },
  ];
  for (const account of accounts) {
    if (!account) continue;
    const { patient, email, passwordHash } = account;
    const [user] = await tx
      .insert(users)
      .values({
        clinicId: patient.clinicId,
        email,
        passwordHash,
        firstName: patient.firstName,
        lastName: patient.lastName,
        role: 'patient',
        approvalStatus: 'approved',
        createdAt: patient.startedAt,
      })
      .returning({ id: users.id });
    const contact = email === DEMO_PATIENT_EMAIL ? { email } : {};
    await tx
      .update(patients)
      .set({ userId: user!.id, ...contact })
      .where(eq(patients.id, patient.id));
  }
}
