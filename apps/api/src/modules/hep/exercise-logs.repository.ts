import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { runPrepared } from '../../db/prepared.ts';
import { exerciseLogs, healthMetrics } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { addDays, daysBetween } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import type { HepItemRow } from './hep.repository.ts';
import { ITEM_COLUMNS, type ItemRaw, toItem } from './hep-program.repository.ts';

export type ExerciseLogRow = typeof exerciseLogs.$inferSelect;
/** A new log, in the clinic of the repository's scope. */
export type NewExerciseLog = Omit<typeof exerciseLogs.$inferInsert, 'id' | 'clinicId' | 'createdAt'>;
/** What a later send of the same session may change on its log (decision 1230). */
export type ExerciseLogChanges = Partial<
  Pick<ExerciseLogRow, 'setsDone' | 'repsDone' | 'pain' | 'difficulty' | 'note'>
>;

/** Days read at first for a streak: a streak longer than this is read further back in wider windows. */
export const STREAK_WINDOW = 64;

/**
 * The clinic of a scope as a prepared statement's parameter: null for a cross-clinic scope, which every clinic's
 * rows pass (`$n::int is null or clinic_id = $n`).
 */
const clinicParam = (scope: ClinicScope) => (scope.kind === 'all' ? null : scope.clinicId);

// $1 patient, $2 day, $3 clinic (clinicParam). Items in the order of the program; the latest log through (hep_item_id, performed_at, id).
const TODAY_PER_ITEM_SQL = `
  select i.id as hep_item_id,
    (select count(*)::int from exercise_logs c where c.hep_item_id = i.id and c.local_date = $2::date) as done_today,
    l.id, l.clinic_id, l.patient_id, l.performed_at, l.local_date::text as local_date, l.sets_done, l.reps_done,
    l.pain, l.difficulty, l.note, l.client_id, l.created_at
  from hep_items i
  left join lateral (
    select * from exercise_logs l
    where l.hep_item_id = i.id and l.patient_id = i.patient_id
    order by l.performed_at desc, l.id desc
    limit 1
  ) l on true
  where i.patient_id = $1 and i.deleted_at is null and ($3::int is null or i.clinic_id = $3::int)`;

/**
 * $1 patient, $2..$3 the window, $4 clinic (clinicParam). The distinct active days, newest first: a day plus its rank minus one equals the
 * newest day exactly while the days run on without a gap, so `run` is the length of the run ending at the newest.
 */
const STREAK_WINDOW_SQL = `
  select count(*) filter (where day + (rank - 1)::int = newest)::int as run, max(newest)::text as newest
  from (
    select day, row_number() over (order by day desc) as rank, max(day) over () as newest
    from (select distinct local_date as day from exercise_logs
          where patient_id = $1 and local_date between $2::date and $3::date
            and ($4::int is null or clinic_id = $4::int)) d
  ) r`;

// $1 patient, $2 clinic (clinicParam): the streak row has no clinic of its own, its patient has.
const STREAK_RUN_SQL = `select first_day::text as first_day, last_day::text as last_day from exercise_streaks
  where patient_id = $1
    and exists (select 1 from patients p where p.id = $1 and ($2::int is null or p.clinic_id = $2::int))`;

/**
 * The streak counted from the logged days up to `today`: the last STREAK_WINDOW days first, and only while a window
 * is all streak, the next one below it, each 8 times wider. For the rare run that does not end by today.
 */
async function streakFromDays(db: DbOrTx, scope: ClinicScope, patientId: number, today: string) {
  let streak = 0;
  let top = today;
  let window = STREAK_WINDOW;
  for (let first = true; ; first = false) {
    const from = addDays(top, 1 - window);
    const [row] = await runPrepared<{ run: number; newest: string | null }>(
      db as Db,
      'exercise_streak_window',
      STREAK_WINDOW_SQL,
      [patientId, from, top, clinicParam(scope)],
    );
    // The run must end at the top of the window; on the first window, yesterday will do.
    const newest = row?.newest ?? null;
    if (newest === null || newest < (first ? addDays(top, -1) : top)) return streak;
    streak += row!.run;
    // A gap inside the window ended the streak; a window that is all streak goes on below its bottom.
    if (addDays(newest, 1 - row!.run) > from) return streak;
    top = addDays(from, -1);
    window *= 8;
  }
}

/** The patient's newest run of days with an exercise (exercise_streaks). */
type StreakRun = { first_day: string; last_day: string };

/** The streak on `today` from the newest run of days: see `streak`. */
function streakOf(db: DbOrTx, scope: ClinicScope, patientId: number, today: string, run: StreakRun | null) {
  if (!run) return 0;
  if (run.last_day > today) return streakFromDays(db, scope, patientId, today);
  if (run.last_day < addDays(today, -1)) return 0;
  return daysBetween(run.first_day, run.last_day) + 1;
}

/**
 * The patient's today in one round trip: $1 patient, $2 day, $3 clinic (clinicParam), $4 actor, $5 address. The active
 * items in order (as `listActive` reads them) with how often each was logged on the day and its latest log (as
 * `todayPerItem`), the day's latest pain reading (as `latestPainOn`), the newest run of days (as `streak`), and the
 * `hep.read` audit row with the day and the item count, written by the same statement only when the patient is of
 * the clinic. One row per item; one row without an item when the program is empty; none for a patient elsewhere.
 */
const TODAY_AUDITED_SQL = `
with p as (
  select id, clinic_id from patients where id = $1 and ($3::int is null or clinic_id = $3::int)
), items as (
  select ${ITEM_COLUMNS}
  from hep_items h join videos v on v.id = h.video_id
  where h.patient_id = $1 and h.deleted_at is null and ($3::int is null or h.clinic_id = $3::int)
), logged as (${TODAY_PER_ITEM_SQL}
), audited as (
  insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
  select 'hep.read', 'success', $4::int, p.clinic_id, p.id, $5::text,
    jsonb_build_object('date', $2::text, 'count', (select count(*) from items))
  from p
  returning id
)
select (select count(*) from audited)::int as audited,
  (select m.value from health_metrics m
    where m.patient_id = $1 and m.local_date = $2::date and m.kind = 'painlevel' and m.clinic_id = p.clinic_id
    order by m.measured_at desc, m.id desc limit 1) as pain_today,
  (select json_build_object('first_day', s.first_day::text, 'last_day', s.last_day::text)
    from exercise_streaks s where s.patient_id = p.id) as streak_run,
  items.*, l.done_today, l.id as log_id, l.clinic_id as log_clinic_id, l.patient_id as log_patient_id,
  l.performed_at as log_performed_at, l.local_date as log_local_date,
  l.sets_done as log_sets_done, l.reps_done as log_reps_done, l.pain as log_pain, l.difficulty as log_difficulty,
  l.note as log_note, l.client_id as log_client_id, l.created_at as log_created_at
from p left join (items join logged l on l.hep_item_id = items.id) on true
order by items.position, items.id`;

type TodayRaw = ItemRaw & {
  audited: number;
  pain_today: number | null;
  streak_run: StreakRun | null;
  done_today: number | null;
  log_id: number | null;
  log_clinic_id: number;
  log_patient_id: number;
  log_performed_at: Date | string;
  log_local_date: string;
  log_sets_done: number;
  log_reps_done: number | null;
  log_pain: number | null;
  log_difficulty: ExerciseLogRow['difficulty'];
  log_note: string;
  log_client_id: string;
  log_created_at: Date | string;
};

/** Who reads their today, for the audit row the statement writes. */
export type TodayReader = { actorUserId: number; ip: string | null };

type TodayItemRow = {
  hep_item_id: number;
  done_today: number;
  id: number | null;
  clinic_id: number;
  patient_id: number;
  performed_at: Date | string;
  local_date: string;
  sets_done: number;
  reps_done: number | null;
  pain: number | null;
  difficulty: ExerciseLogRow['difficulty'];
  note: string;
  client_id: string;
  created_at: Date | string;
};

const toRow = (r: TodayItemRow): ExerciseLogRow => ({
  id: r.id!,
  clinicId: r.clinic_id,
  patientId: r.patient_id,
  hepItemId: r.hep_item_id,
  performedAt: new Date(r.performed_at),
  localDate: r.local_date,
  setsDone: r.sets_done,
  repsDone: r.reps_done,
  pain: r.pain,
  difficulty: r.difficulty,
  note: r.note,
  clientId: r.client_id,
  createdAt: new Date(r.created_at),
});

export function createExerciseLogsRepository(db: DbOrTx, scope: ClinicScope) {
  const inClinic = inScope(exerciseLogs.clinicId, scope);
  return {
    async findByClientId(patientId: number, clientId: string) {
      const [row] = await db
        .select()
        .from(exerciseLogs)
        .where(and(eq(exerciseLogs.patientId, patientId), eq(exerciseLogs.clientId, clientId), inClinic));
      return row ?? null;
    },
    /** The log of a client id, held until the transaction ends so two updates of one session apply one after the other. */
    async lockByClientId(patientId: number, clientId: string) {
      const [row] = await db
        .select()
        .from(exerciseLogs)
        .where(and(eq(exerciseLogs.patientId, patientId), eq(exerciseLogs.clientId, clientId), inClinic))
        .for('update');
      return row ?? null;
    },
    /** The log as changed; undefined for a log outside the scope, which is left as it was. */
    async update(id: number, changes: ExerciseLogChanges) {
      const [row] = await db
        .update(exerciseLogs)
        .set(changes)
        .where(and(eq(exerciseLogs.id, id), inClinic))
        .returning();
      return row;
    },
    /**
     * Stores a log once per client id: a second send of the same log returns null instead of a second row. A log of
     * a patient of another clinic is refused as not found, since null would read as a second send (decision 1340).
     */
    async insertOnce(log: NewExerciseLog) {
      if (!(await allPatientsInScope(db, scope, [log.patientId]))) throw notFound('patient');
      const [row] = await db
        .insert(exerciseLogs)
        .values({ ...log, clinicId: clinicIdOf(scope) })
        .onConflictDoNothing({ target: [exerciseLogs.patientId, exerciseLogs.clientId] })
        .returning();
      return row ?? null;
    },
    /**
     * A pain rating given with an exercise is also a pain reading, so pain charts and data days include it. It is
     * timed by its log, so a rating changed later replaces the log's reading instead of adding one. Written from the
     * stored log, and only from one in the scope: a reading lands in its log's clinic.
     */
    async recordPain(log: Pick<ExerciseLogRow, 'id' | 'pain'>) {
      if (log.pain === null) return;
      await db.execute(sql`
        insert into ${healthMetrics} (clinic_id, patient_id, kind, value, measured_at, local_date, source)
        select ${exerciseLogs.clinicId}, ${exerciseLogs.patientId}, 'painlevel', ${exerciseLogs.pain},
          ${exerciseLogs.performedAt}, ${exerciseLogs.localDate}, 'manual'
        from ${exerciseLogs}
        where ${exerciseLogs.id} = ${log.id} and ${exerciseLogs.pain} is not null and ${inClinic}
        on conflict (patient_id, kind, source, measured_at) do update set value = excluded.value`);
    },
    /**
     * For each active item of the patient: how often it was logged on `day`, and its latest log. One index probe per
     * item (exercise_logs_item_performed_idx), however long the history.
     */
    async todayPerItem(patientId: number, day: string) {
      const rows = await runPrepared<TodayItemRow>(db as Db, 'exercise_today_per_item', TODAY_PER_ITEM_SQL, [
        patientId,
        day,
        clinicParam(scope),
      ]);
      return new Map(
        rows.map((r) => [r.hep_item_id, { doneToday: r.done_today, last: r.id === null ? null : toRow(r) }]),
      );
    },
    /**
     * Consecutive days with an exercise ending today, or yesterday while today has nothing yet (a streak is not broken
     * until a whole day passes without exercise). Read from the patient's newest run of days, kept with every log
     * (exercise_streaks, decision 1113): one row however long the history. A run that ends after `today` (the
     * patient's timezone moved west) is counted from the days themselves.
     */
    async streak(patientId: number, today: string) {
      const [run] = await runPrepared<StreakRun>(db as Db, 'exercise_streak_run', STREAK_RUN_SQL, [
        patientId,
        clinicParam(scope),
      ]);
      return streakOf(db, scope, patientId, today, run ?? null);
    },
    /**
     * The patient's today (`day`), audited as read by `reader` in the same statement (decision 1485): the active
     * items in order, each with how often it was logged on the day and its latest log, the day's latest pain reading
     * and the streak. Undefined for a patient outside the scope, of whom nothing is read or audited.
     */
    async today(patientId: number, day: string, reader: TodayReader) {
      const rows = await runPrepared<TodayRaw>(db as Db, 'exercise_today_audited', TODAY_AUDITED_SQL, [
        patientId,
        day,
        clinicParam(scope),
        reader.actorUserId,
        reader.ip,
      ]);
      const [first] = rows;
      if (!first) return undefined;
      if (first.audited !== 1) throw new Error("the read of a patient's today was not audited");
      const items: HepItemRow[] = [];
      const logged = new Map<number, { doneToday: number; last: ExerciseLogRow | null }>();
      for (const raw of rows) {
        if (raw.id === null) continue;
        const item = toItem({ ...raw, id: raw.id });
        items.push(item);
        const last =
          raw.log_id === null
            ? null
            : toRow({
                hep_item_id: item.id,
                done_today: raw.done_today ?? 0,
                id: raw.log_id,
                clinic_id: raw.log_clinic_id,
                patient_id: raw.log_patient_id,
                performed_at: raw.log_performed_at,
                local_date: raw.log_local_date,
                sets_done: raw.log_sets_done,
                reps_done: raw.log_reps_done,
                pain: raw.log_pain,
                difficulty: raw.log_difficulty,
                note: raw.log_note,
                client_id: raw.log_client_id,
                created_at: raw.log_created_at,
              });
        logged.set(item.id, { doneToday: raw.done_today ?? 0, last });
      }
      const streak = await streakOf(db, scope, patientId, day, first.streak_run);
      return { items, logged, painToday: first.pain_today, streak };
    },
    /** The latest pain reading of a day (pain given with exercises included). */
    async latestPainOn(patientId: number, day: string) {
      const [row] = await db
        .select({ value: healthMetrics.value })
        .from(healthMetrics)
        .where(
          and(
            eq(healthMetrics.patientId, patientId),
            eq(healthMetrics.localDate, day),
            eq(healthMetrics.kind, 'painlevel'),
            inScope(healthMetrics.clinicId, scope),
          ),
        )
        .orderBy(desc(healthMetrics.measuredAt), desc(healthMetrics.id))
        .limit(1);
      return row?.value ?? null;
    },
  };
}
