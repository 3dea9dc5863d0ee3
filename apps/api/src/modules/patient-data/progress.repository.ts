import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { patientEpisodes, patients } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

/** A program item that may have been in force in the weeks read. */
export type WeekItem = {
  id: number;
  title: string;
  position: number;
  timesPerDay: number;
  createdAt: Date;
  deletedAt: Date | null;
};
/** Logs of one day and item, with the difficulty ratings summed as 1 easy, 2 about right, 3 hard. */
export type LogGroup = { day: string; hepItemId: number; n: number; difficultySum: number; difficultyCount: number };
/**
 * Readings of one day and kind: their sum and count (daily sums or averages are the service's choice), and the
 * latest reading's value.
 */
export type MetricGroup = { day: string; kind: string; sum: number; n: number; latest: number };
export type WeekData = { items: WeekItem[]; logs: LogGroup[]; metrics: MetricGroup[]; functionalDays: string[] };

/**
 * Everything progress weeks are built from, in one statement (each part grouped by day through the tables' patient
 * and day indexes): the program items that may have been in force (created before `$4` and not deleted before
 * `$3`: a day wider than the weeks, so every timezone is covered; days are exact in the service), the logs per day
 * and item, the readings per day and kind, and the days with an outcome entry the patient filled in (decision 1200), all from `$2` to `$5`.
 * No row at all for a patient outside the scope: of the clinic `$6`, or of any clinic when `$6` is null. Each part
 * reads only rows of the patient's own clinic (`p.clinic_id`), so another clinic's row naming the patient is none of
 * theirs (decision 1340), and the statement's text is the same for every clinic.
 */
const WEEK_DATA_SELECT = `select
  (select coalesce(json_agg(json_build_object(
      'id', i.id, 'title', v.title, 'position', i.position, 'timesPerDay', i.times_per_day,
      'createdAt', extract(epoch from i.created_at) * 1000, 'deletedAt', extract(epoch from i.deleted_at) * 1000)
    order by i.position, i.id), '[]')
   from hep_items i join videos v on v.id = i.video_id
   where i.patient_id = $1 and i.clinic_id = p.clinic_id
     and i.created_at < $4 and (i.deleted_at is null or i.deleted_at > $3)) as items,
  (select coalesce(json_agg(json_build_object('day', l.local_date, 'hepItemId', l.hep_item_id, 'n', l.n,
      'difficultySum', l.difficulty_sum, 'difficultyCount', l.difficulty_count)), '[]')
   from (select local_date, hep_item_id, count(*) as n,
       coalesce(sum(case difficulty when 'easy' then 1 when 'right' then 2 when 'hard' then 3 end), 0) as difficulty_sum,
       count(difficulty) as difficulty_count
     from exercise_logs where patient_id = $1 and clinic_id = p.clinic_id and local_date between $2 and $5
     group by local_date, hep_item_id) l) as logs,
  (select coalesce(json_agg(json_build_object('day', m.local_date, 'kind', m.kind, 'sum', m.sum, 'n', m.n,
      'latest', m.latest)), '[]')
   from (select local_date, kind, sum(value) as sum, count(*) as n,
       (array_agg(value order by measured_at desc, id desc))[1] as latest
     from health_metrics where patient_id = $1 and clinic_id = p.clinic_id and local_date between $2 and $5
     group by local_date, kind) m) as metrics,
  (select coalesce(json_agg(distinct f.date), '[]')
   from functional_entries f
   where f.patient_id = $1 and f.clinic_id = p.clinic_id and f.entered_by = 'patient'
     and f.date between $2 and $5) as functional_days
from patients p
where p.id = $1 and ($6::int is null or p.clinic_id = $6)`;
const WEEK_DATA_SQL = WEEK_DATA_SELECT;

/**
 * The same, with the read's audit row written by the statement (decision 1470): `$7` action, `$8` actor, `$9` address,
 * `$10` detail, filed under the patient's clinic and naming the patient, only when the patient is found.
 */
const WEEK_DATA_AUDITED_SQL = `with audited as (
  insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
  select $7::text, 'success', $8::int, p.clinic_id, p.id, $9::text, $10::jsonb
  from patients p where p.id = $1 and ($6::int is null or p.clinic_id = $6)
  returning 1
)
${WEEK_DATA_SELECT.replace('select', 'select (select count(*) from audited)::int as audited,')}`;

/** Who reads the weeks, for the audit row the statement writes. */
export type WeekReader = {
  action: 'progress.read';
  actorUserId: number;
  ip: string | null;
  detail: Record<string, unknown>;
};

type WeekDataRow = {
  audited?: number;
  items: (Omit<WeekItem, 'createdAt' | 'deletedAt'> & { createdAt: number; deletedAt: number | null })[];
  logs: LogGroup[];
  metrics: MetricGroup[];
  functional_days: string[];
};

/** The weeks of no data: what a patient outside the scope shows. */
const NO_WEEK_DATA: WeekData = { items: [], logs: [], metrics: [], functionalDays: [] };

/**
 * What progress weeks need, read by patient and day (the tables are indexed by both), for a patient of the scope.
 * Reads only, on the database itself (never a transaction): the week is one named statement.
 */
export function createProgressRepository(db: Db, scope: ClinicScope) {
  return {
    /** The data of the weeks from `from` to `to` (days), with items bounded by the instants `[after, before)`. */
    async weekData(
      patientId: number,
      from: string,
      to: string,
      after: Date,
      before: Date,
      reader?: WeekReader,
    ): Promise<WeekData & { audited: boolean }> {
      const values = [
        patientId,
        from,
        after.toISOString(),
        before.toISOString(),
        to,
        scope.kind === 'clinic' ? scope.clinicId : null,
      ];
      const [row] = reader
        ? await runPrepared<WeekDataRow>(db, 'progress_week_data_audited', WEEK_DATA_AUDITED_SQL, [
            ...values,
            reader.action,
            reader.actorUserId,
            reader.ip,
            JSON.stringify(reader.detail),
          ])
        : await runPrepared<WeekDataRow>(db, 'progress_week_data', WEEK_DATA_SQL, values);
      if (!row) return { ...NO_WEEK_DATA, audited: false };
      const audited = (row.audited ?? 0) > 0;
      const { items, logs, metrics, functional_days } = row;
      return {
        items: items.map((item) => ({
          ...item,
          createdAt: new Date(item.createdAt),
          deletedAt: item.deletedAt === null ? null : new Date(item.deletedAt),
        })),
        logs,
        metrics,
        functionalDays: functional_days,
        audited,
      };
    },
    /**
     * When the patient was registered and their latest episode (the open one, or the last to end); undefined for a
     * patient outside the scope.
     */
    async historySpan(patientId: number) {
      const [registered, episodes] = await Promise.all([
        db
          .select({ at: patients.createdAt })
          .from(patients)
          .where(and(eq(patients.id, patientId), inScope(patients.clinicId, scope))),
        db
          .select({ startedAt: patientEpisodes.startedAt, endedAt: patientEpisodes.endedAt })
          .from(patientEpisodes)
          .where(and(eq(patientEpisodes.patientId, patientId), inScope(patientEpisodes.clinicId, scope)))
          .orderBy(desc(patientEpisodes.startedAt))
          .limit(1),
      ]);
      if (!registered[0]) return undefined;
      return { registeredAt: registered[0].at, episode: episodes[0] ?? null };
    },
  };
}
