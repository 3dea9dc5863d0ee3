/**
 * The two reads of a patient's exercise history that must not grow with it: the streak (the newest run of days, kept
 * by a trigger with every log; from recent days only when the run ends after the day asked) and each item's latest
 * log (one index probe).
 */
import { readFileSync } from 'node:fs';
import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import type { Db } from '../../db/client.ts';
import { exerciseLogs, hepItems } from '../../db/schema.ts';
import { clinicScope } from '../../db/scope.ts';
import { addDays } from '../../lib/calendar.ts';
import { createPatientsRepository } from '../patients/patients.repository.ts';
import { createVideosRepository } from '../videos/videos.repository.ts';
import { createExerciseLogsRepository, STREAK_WINDOW } from './exercise-logs.repository.ts';

const TODAY = '2026-03-02';
let database: TestDatabase;
let db: Db;
let clinicId: number;
let videoId: number;
let therapistId: number;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
  const clinic = await makeClinic(db);
  clinicId = clinic.id;
  therapistId = (await makeUser(db, clinicId)).id;
  videoId = await createVideosRepository(db, clinicScope(clinicId)).insert({
    ...VIDEO_DEFAULTS,
    guid: 'history-video',
    ownerUserId: therapistId,
  });
});
afterAll(() => database.drop());

async function newPatient() {
  serial += 1;
  return createPatientsRepository(db, clinicScope(clinicId)).insert({
    firstName: 'History',
    lastName: `Patient${serial}`,
    phone: `55502${String(serial).padStart(5, '0')}`,
    birthday: '1960-01-01',
    therapistId,
    status: 'onboarded',
  });
}

async function newItem(patientId: number, position = 0) {
  const [row] = await db
    .insert(hepItems)
    .values({ clinicId, patientId, videoId, position, sets: 2, reps: 10 })
    .returning({ id: hepItems.id });
  return row!.id;
}

/** One log of the item on each day from `first` to `last` (inclusive), in one statement. */
async function logDays(patientId: number, itemId: number, first: string, last: string) {
  await db.execute(sql`
    insert into exercise_logs (clinic_id, patient_id, hep_item_id, performed_at, local_date, sets_done, client_id)
    select ${clinicId}, ${patientId}, ${itemId}, d + interval '15 hours', d::date, 2, gen_random_uuid()::text
    from generate_series(${first}::date, ${last}::date, interval '1 day') d`);
}

/** The rule, spelled out day by day: the reference the SQL must agree with. */
function expectedStreak(days: Set<string>, today: string) {
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** A fixed pattern of `count` days up to TODAY: runs of varied length with gaps of one to three days. */
function scatteredDays(count: number) {
  const days = new Set<string>();
  let day = TODAY;
  for (let i = 0; days.size < count; i++) {
    const run = (i * 7) % 23;
    for (let k = 0; k < run; k++) days.add(addDays(day, -k));
    day = addDays(day, -run - 1 - (i % 3));
  }
  return days;
}

describe('streak', () => {
  const streakOf = (patientId: number, today = TODAY) =>
    createExerciseLogsRepository(db, clinicScope(clinicId)).streak(patientId, today);

  it('is zero without exercise, and without exercise today or yesterday', async () => {
    const patient = await newPatient();
    expect(await streakOf(patient)).toBe(0);
    await logDays(patient, await newItem(patient), addDays(TODAY, -10), addDays(TODAY, -2));
    expect(await streakOf(patient)).toBe(0);
  });

  it('runs to yesterday while today has nothing yet, and stops at a gap', async () => {
    const patient = await newPatient();
    const item = await newItem(patient);
    await logDays(patient, item, addDays(TODAY, -20), addDays(TODAY, -6));
    // A gap four days ago, then three days up to yesterday.
    await logDays(patient, item, addDays(TODAY, -3), addDays(TODAY, -1));
    expect(await streakOf(patient)).toBe(3);
    await logDays(patient, item, TODAY, TODAY);
    expect(await streakOf(patient)).toBe(4);
  });

  it('ends with a gap yesterday even when today is done', async () => {
    const patient = await newPatient();
    const item = await newItem(patient);
    await logDays(patient, item, addDays(TODAY, -30), addDays(TODAY, -2));
    await logDays(patient, item, TODAY, TODAY);
    expect(await streakOf(patient)).toBe(1);
  });

  it('counts a day once however many exercises were done on it, and ignores days after today', async () => {
    const patient = await newPatient();
    const [first, second] = [await newItem(patient, 0), await newItem(patient, 1)];
    await logDays(patient, first, addDays(TODAY, -4), TODAY);
    await logDays(patient, second, addDays(TODAY, -2), addDays(TODAY, 3));
    expect(await streakOf(patient)).toBe(5);
  });

  it.each([
    ['exactly the first window', STREAK_WINDOW],
    ['one day longer than the first window', STREAK_WINDOW + 1],
    ['longer than two windows', STREAK_WINDOW * 9 + 40],
  ])('reads on past the window for a streak of %s', async (_, length) => {
    const patient = await newPatient();
    const item = await newItem(patient);
    await logDays(patient, item, addDays(TODAY, -length - 30), addDays(TODAY, -length - 2));
    await logDays(patient, item, addDays(TODAY, -length + 1), TODAY);
    expect(await streakOf(patient)).toBe(length);
    // Ending yesterday, with today not done yet, the same days are the same streak.
    expect(await streakOf(patient, addDays(TODAY, 1))).toBe(length);
  });

  it('stops at a gap exactly at the bottom of a window', async () => {
    const patient = await newPatient();
    const item = await newItem(patient);
    // Today back to the first window's lowest day, a gap just below it, then older days.
    await logDays(patient, item, addDays(TODAY, -STREAK_WINDOW - 100), addDays(TODAY, -STREAK_WINDOW - 1));
    await logDays(patient, item, addDays(TODAY, -STREAK_WINDOW + 1), TODAY);
    expect(await streakOf(patient)).toBe(STREAK_WINDOW);
  });

  it('keeps the run with every log, however late a log comes and whichever gap it fills', async () => {
    const patient = await newPatient();
    const item = await newItem(patient);
    const days = scatteredDays(60);
    // A fixed shuffle: phones that were offline send old days after new ones.
    const order = [...days].sort(
      (x, y) => (((Date.parse(x) / 86_400_000) * 37) % 61) - (((Date.parse(y) / 86_400_000) * 37) % 61),
    );
    const known = new Set<string>();
    for (const [i, day] of order.entries()) {
      await db.insert(exerciseLogs).values({
        clinicId,
        patientId: patient,
        hepItemId: item,
        performedAt: new Date(`${day}T15:00:00Z`),
        localDate: day,
        setsDone: 2,
        clientId: `late-${i}`,
      });
      known.add(day);
      expect(await streakOf(patient), `after ${day}`).toBe(expectedStreak(known, TODAY));
    }
  });

  it("the migration's fill finds each patient's newest run from the logs alone", async () => {
    const [long, scattered, none] = [await newPatient(), await newPatient(), await newPatient()];
    await logDays(long, await newItem(long), addDays(TODAY, -700), TODAY);
    const item = await newItem(scattered);
    const days = scatteredDays(50);
    for (const day of days) await logDays(scattered, item, day, day);
    await db.execute(sql`delete from exercise_streaks where patient_id in (${long}, ${scattered}, ${none})`);
    await db.execute(sql`delete from exercise_streaks where patient_id not in (${long}, ${scattered}, ${none})`);
    const migration = readFileSync(new URL('../../../migrations/0020_exercise_streaks.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    expect(await streakOf(long)).toBe(701);
    expect(await streakOf(scattered)).toBe(expectedStreak(days, TODAY));
    expect(await streakOf(none)).toBe(0);
  });

  it('agrees with the day-by-day rule on scattered days', async () => {
    const patient = await newPatient();
    const item = await newItem(patient);
    const days = scatteredDays(120);
    await db.insert(exerciseLogs).values(
      [...days].map((d, i) => ({
        clinicId,
        patientId: patient,
        hepItemId: item,
        performedAt: new Date(`${d}T15:00:00Z`),
        localDate: d,
        setsDone: 2,
        clientId: `scattered-${i}`,
      })),
    );
    for (let back = 0; back < 90; back += 1) {
      const today = addDays(TODAY, -back);
      const known = new Set([...days].filter((d) => d <= today));
      expect(await streakOf(patient, today), today).toBe(expectedStreak(known, today));
    }
  });
});

describe('todayPerItem', () => {
  it('answers each active item its latest log and how often it was done today', async () => {
    const patient = await newPatient();
    const other = await newPatient();
    const [first, second, unused, removed] = [
      await newItem(patient, 0),
      await newItem(patient, 1),
      await newItem(patient, 2),
      await newItem(patient, 3),
    ];
    await logDays(patient, first, addDays(TODAY, -400), addDays(TODAY, -1));
    await logDays(patient, second, addDays(TODAY, -5), TODAY);
    await logDays(patient, removed, addDays(TODAY, -5), TODAY);
    await logDays(other, await newItem(other), TODAY, TODAY);
    await db.execute(sql`update hep_items set deleted_at = now() where id = ${removed}`);
    // Two logs of the second item today: the later one is its latest, whatever order they were stored in.
    const base = { clinicId, patientId: patient, hepItemId: second, localDate: TODAY, setsDone: 3 };
    await db.insert(exerciseLogs).values([
      { ...base, performedAt: new Date(`${TODAY}T18:00:00Z`), clientId: 'late-log', note: 'late' },
      { ...base, performedAt: new Date(`${TODAY}T16:00:00Z`), clientId: 'early-log', note: 'early' },
    ]);

    const items = await createExerciseLogsRepository(db, clinicScope(clinicId)).todayPerItem(patient, TODAY);
    expect([...items.keys()].sort((x, y) => x - y)).toEqual([first, second, unused]);
    expect(items.get(first)).toMatchObject({ doneToday: 0, last: { localDate: addDays(TODAY, -1), hepItemId: first } });
    expect(items.get(second)).toMatchObject({ doneToday: 3, last: { note: 'late', clientId: 'late-log' } });
    expect(items.get(second)!.last!.performedAt).toEqual(new Date(`${TODAY}T18:00:00Z`));
    expect(items.get(unused)).toEqual({ doneToday: 0, last: null });
  });
});
