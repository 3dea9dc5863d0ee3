/**
 * A clinic's RTM billing recomputed from the raw tables, by hand, as an auditor would: written apart from the billing
 * module and the contract's rules (no import of either), so a test can hold the billing file against it. Only data
 * the patient sent makes a data day; staff's outcome entries never do (decision 1200).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export type RecomputedCode = {
  patientId: number;
  code: string;
  units: number;
  dateOfService: string;
  dataDays: number | null;
  minutes: number | null;
};

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const DAY = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY;
const dayOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const text = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** What a clinic's month bills, by the 2025 and 2026 code sets, from its episodes, data days, sessions and calls. */
export async function recomputeBilling(db: Db, clinicCode: string, month: string): Promise<RecomputedCode[]> {
  const [clinic] = await rowsOf(db, sql`select id, timezone from clinics where code = ${clinicCode}`);
  const clinicId = Number(clinic!.id);
  const tz = String(clinic!.timezone);
  const monthStart = `${month}-01`;
  const monthEnd = dayOf(dayNumber(`${nextMonth(month)}-01`) - 1);

  const episodes = await rowsOf(
    db,
    sql`select e.patient_id, (e.started_at at time zone ${tz})::date::text as start_day,
          (e.ended_at at time zone ${tz})::date::text as end_day
        from patient_episodes e join patients p on p.id = e.patient_id
        where e.clinic_id = ${clinicId} and p.is_rtm_covered and p.consent_date is not null
        order by e.patient_id, e.started_at`,
  );
  const dataDays = await rowsOf(
    db,
    sql`select patient_id, day::text as day from (
          select patient_id, local_date as day from exercise_logs where clinic_id = ${clinicId}
          union select patient_id, local_date from health_metrics
            where clinic_id = ${clinicId} and kind in ('painlevel', 'steps', 'distance')
          union select patient_id, date from functional_entries
            where clinic_id = ${clinicId} and entered_by = 'patient') d`,
  );
  // Each session stands for its counted seconds from its start (decision 1290), in milliseconds since the epoch.
  const seconds = await rowsOf(
    db,
    sql`select patient_id, (started_at at time zone ${tz})::date::text as day, seconds,
          floor(extract(epoch from started_at) * 1000)::bigint as from_ms
        from monitoring_sessions where clinic_id = ${clinicId}
          and (started_at at time zone ${tz})::date between ${monthStart} and ${monthEnd}`,
  );
  const calls = await rowsOf(
    db,
    sql`select patient_id, date::text as day, minutes from interaction_logs
        where clinic_id = ${clinicId} and deleted_at is null and kind in ('phone', 'video')
          and date between ${monthStart} and ${monthEnd}`,
  );

  const daysOf = new Map<number, Set<string>>();
  for (const row of dataDays) {
    const id = Number(row.patient_id);
    daysOf.set(id, (daysOf.get(id) ?? new Set()).add(text(row.day)));
  }
  const episodesOf = new Map<number, { start: string; end: string | null }[]>();
  for (const row of episodes) {
    const id = Number(row.patient_id);
    const list = episodesOf.get(id) ?? [];
    list.push({ start: text(row.start_day), end: row.end_day === null ? null : text(row.end_day) });
    episodesOf.set(id, list);
  }

  const billed: RecomputedCode[] = [];
  for (const [patientId, list] of episodesOf) {
    const days = daysOf.get(patientId) ?? new Set<string>();
    const inEpisode = (day: string) => list.some((e) => e.start <= day && (e.end === null || day <= e.end));
    for (const episode of list) {
      let setUp = false;
      // 30-day windows from the episode's first day, the last cut short by the discharge.
      for (let start = dayNumber(episode.start); dayOf(start) <= monthEnd; start += 30) {
        if (episode.end !== null && dayOf(start) > episode.end) break;
        const end = episode.end !== null && episode.end < dayOf(start + 29) ? episode.end : dayOf(start + 29);
        const count = [...days].filter((d) => d >= dayOf(start) && d <= end).length;
        const is2026 = end >= '2026-01-01';
        const inMonth = end >= monthStart && end <= monthEnd;
        const bill = (code: string) =>
          billed.push({ patientId, code, units: 1, dateOfService: end, dataDays: count, minutes: null });
        if (!setUp && count >= (is2026 ? 2 : 16)) {
          setUp = true;
          if (inMonth) bill('98975');
        }
        if (inMonth && count >= 16) bill('98977');
        else if (inMonth && is2026 && count >= 2) bill('98985');
      }
    }

    const counted = coveredSeconds(seconds.filter((s) => Number(s.patient_id) === patientId && inEpisode(text(s.day))));
    const patientCalls = calls.filter((c) => Number(c.patient_id) === patientId && inEpisode(text(c.day)));
    const minutes = Math.floor((counted + 60 * patientCalls.reduce((sum, c) => sum + Number(c.minutes), 0)) / 60);
    if (patientCalls.length === 0) continue;
    const management = (code: string, units: number) =>
      billed.push({ patientId, code, units, dateOfService: monthEnd, dataDays: null, minutes });
    if (minutes >= 20) {
      management('98980', 1);
      const addOns = Math.floor((minutes - 20) / 20);
      if (addOns > 0) management('98981', addOns);
    } else if (minutes >= 10 && monthEnd >= '2026-01-01') management('98979', 1);
  }
  return billed.sort((a, b) => a.patientId - b.patientId || a.code.localeCompare(b.code));
}

/**
 * The seconds during which at least one staff member was monitoring: staff on the patient at the same time count
 * once. Counted as a sweep over the sessions' starts and ends: time passes as covered while one is open.
 */
function coveredSeconds(sessions: Row[]) {
  const events = sessions
    .filter((s) => Number(s.seconds) > 0)
    .flatMap((s) => [
      { at: Number(s.from_ms), open: 1 },
      { at: Number(s.from_ms) + Number(s.seconds) * 1000, open: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.open - b.open);
  let open = 0;
  let since = 0;
  let covered = 0;
  for (const event of events) {
    if (open > 0) covered += event.at - since;
    since = event.at;
    open += event.open;
  }
  return Math.floor(covered / 1000);
}

function nextMonth(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}
