import type { MonitoringCode, MonitoringEndReason } from '@rehabit/contract';
import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { clinics, exerciseLogs, healthMetrics, interactionLogs, monitoringSessions, users } from '../db/schema.ts';
import { addDays, localDateOf, weekdayOf } from '../lib/calendar.ts';
import { insertMany } from './demo-bulk-insert.ts';
import { loadTreatedPatients } from './demo-programs.ts';
import { atLocalTime, daysBetween, type Random, seededRandom } from './demo-random.ts';

/** A patient as the monitoring demo sees them: their episode and the days they sent data, with the first time. */
export type MonitoredPatient = {
  id: number;
  therapistId: number | null;
  startedAt: Date;
  endedAt: Date | null;
  /** Calendar day (clinic timezone) → the first exercise log or pain rating of that day. */
  activity: Map<string, Date>;
};

export type MonitoringPlanInput = {
  clinicId: number;
  timezone: string;
  now: Date;
  /** Therapists and supervisors of the clinic: the only staff who are ever monitored (decisions 0700, 0703). */
  staffIds: number[];
  patients: MonitoredPatient[];
};

type SessionRow = typeof monitoringSessions.$inferInsert;
type CallRow = typeof interactionLogs.$inferInsert;

/** How far a patient's month goes, by rank of activity in the clinic's month: the share of patients and minutes. */
const buckets = [
  { share: 0.15, minutes: [40, 62], withoutCall: 0.1 },
  { share: 0.45, minutes: [20, 39], withoutCall: 0.15 },
  { share: 0.2, minutes: [10, 19], withoutCall: 0.3 },
  { share: 0.2, minutes: [2, 9], withoutCall: 0.6 },
] as const;

const callNotes = [
  'Reviewed home program; knee pain down to 3/10.',
  'Adjusted sets after reported soreness.',
  'Discussed walking tolerance and stairs.',
  'Video check of squat form; cues given.',
  'Patient reports better sleep, fewer flare-ups.',
  'Progressed resistance band to green.',
  'Went over the pain log; flare-up after yard work, settled in two days.',
  'Missed a few days travelling; agreed on a shorter evening routine.',
  'Checked balance exercises by video; added a progression.',
  'Discussed return to work and lifting at the job.',
];

/** Seconds a session's end adds to its counted time, by why it ended (decision 0700). */
function endOf(random: Random): { reason: MonitoringEndReason; extra: number } {
  const r = random.next();
  // Navigated away from the patient: the timer stops with the page.
  if (r < 0.5) return { reason: 'left', extra: random.int(0, 15) };
  // The tab went to the background while inactive: the pauses before it are not counted.
  if (r < 0.7) return { reason: 'hidden_inactive', extra: random.int(5, 60) };
  // Five minutes without a touch end the session; those minutes are not counted.
  if (r < 0.86) return { reason: 'idle', extra: 300 + random.int(0, 3) };
  // The laptop slept and told the server on waking, within a heart-beat's slack.
  if (r < 0.96) return { reason: 'sleep', extra: random.int(5, 40) };
  // The heart-beats stopped (a closed lid, a lost network): the session ended at its last beat.
  return { reason: 'stale', extra: random.int(0, 29) };
}

function contextOf(random: Random): MonitoringCode {
  const r = random.next();
  if (r < 0.75) return 'MONITORING_CODE_PATIENT_DASHBOARD';
  if (r < 0.95) return 'MONITORING_CODE_DESKTOP_CHAT';
  return 'MONITORING_CODE_MOBILE_CHAT';
}

/** Counted seconds of one session: mostly two to five minutes, from one minute to twelve. */
const sessionSeconds = (random: Random) => Math.round(60 + 660 * random.next() ** 2);

const monthOf = (day: string) => day.slice(0, 7);
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
/** The next Monday to Friday from the day on (the day itself when it is one). */
const workdayFrom = (day: string) => {
  let next = day;
  while (weekdayOf(next) === 0 || weekdayOf(next) === 6) next = addDays(next, 1);
  return next;
};

/** Busy spans of each staff member, so one user's sessions and calls never overlap (decision 0700). */
function calendarOfStaff() {
  const spans = new Map<string, [number, number][]>();
  return {
    /**
     * Books the span on the user's (local) working day when they are free from it, with a short pause either side;
     * answers whether they were. Working hours never cross midnight, so one day's spans are all there is to check.
     */
    book(userId: number, day: string, start: Date, end: Date): boolean {
      const [from, to] = [start.getTime() - 20_000, end.getTime() + 20_000];
      const booked = spans.get(`${userId}:${day}`) ?? [];
      if (booked.some(([s, e]) => s < to && from < e)) return false;
      booked.push([start.getTime(), end.getTime()]);
      spans.set(`${userId}:${day}`, booked);
      return true;
    },
  };
}

/**
 * Monitored sessions and live calls of a clinic's patients over the history's months, from the patients' data
 * (decision 0703). Each month ranks the patients by how regularly they sent data, and gives them minutes by rank: a
 * few past 40, most 20 to 39, some 10 to 19, the rest under 10, scaled to the part of the month the history covers
 * (so today's month is partial). Most get a live call a month, some none. Sessions fall on working hours after the
 * patient's data of the day or on the next working day, by the treating therapist (sometimes a colleague or the
 * supervisor), and never overlap one user's other sessions or calls. Nothing is after `now` or outside the episode.
 */
export function planMonitoring(input: MonitoringPlanInput, random: Random) {
  const { timezone, now, staffIds, clinicId } = input;
  const sessions: SessionRow[] = [];
  const calls: CallRow[] = [];
  if (staffIds.length === 0) return { sessions, calls };
  const today = localDateOf(now, timezone);
  const firstDay = addDays(today, -89);
  const staff = calendarOfStaff();
  const at = (day: string, minute: number) => atLocalTime(day, minute, timezone);
  const minuteOfDay = (day: string, instant: Date) => (instant.getTime() - at(day, 0).getTime()) / 60_000;
  /** The treating therapist mostly; now and then a colleague or the supervisor covers. */
  const whoFor = (patient: MonitoredPatient, coverChance: number) => {
    const treating =
      patient.therapistId !== null && staffIds.includes(patient.therapistId) ? patient.therapistId : null;
    const others = staffIds.filter((id) => id !== treating);
    if (treating !== null && (others.length === 0 || !random.chance(coverChance))) return treating;
    return random.pick(others);
  };

  const months: string[] = [];
  for (let month = monthOf(firstDay); month <= monthOf(today); month = monthOf(addDays(lastDayOf(month), 1))) {
    months.push(month);
  }
  for (const month of months) {
    const monthFirst = `${month}-01`;
    const monthLast = lastDayOf(month);
    const monthDays = daysBetween(monthFirst, monthLast) + 1;
    const planned = input.patients.flatMap((patient) => {
      const from = [monthFirst, firstDay, localDateOf(patient.startedAt, timezone)].sort().at(-1)!;
      const to = [monthLast, today, localDateOf(patient.endedAt ?? now, timezone)].sort()[0]!;
      const days = [...patient.activity.keys()].filter((day) => day >= from && day <= to).sort();
      if (days.length === 0) return [];
      const covered = daysBetween(from, to) + 1;
      // How regularly the patient sent data in the part of the month they were followed, with some luck.
      const score = (days.length / covered) * random.between(0.75, 1.25);
      return [{ patient, from, to, days, share: covered / monthDays, score }];
    });
    planned.sort((a, b) => b.score - a.score || a.patient.id - b.patient.id);

    // Minutes and calls by rank; within each bucket a few patients go without a call, chosen at random.
    let rank = 0;
    const ranked = buckets.flatMap((bucket, index) => {
      const last = index === buckets.length - 1;
      const count = last ? planned.length - rank : Math.round(bucket.share * planned.length);
      const members = planned.slice(rank, rank + count);
      rank += members.length;
      const withoutCall = Math.round(bucket.withoutCall * members.length);
      return random.shuffle(members).map((member, i) => ({
        ...member,
        minutes: Math.round(random.int(bucket.minutes[0], bucket.minutes[1]) * member.share),
        call: i >= withoutCall,
      }));
    });
    ranked.sort((a, b) => a.patient.id - b.patient.id);

    // Calls first (each is one slot on a working day of the month), then the monitored time around them.
    const monitored = ranked.map((plan) => {
      let callMinutes = 0;
      if (plan.call && plan.minutes > 0) {
        // The month's call, more often in its first weeks: in today's month it may still be ahead, not logged yet.
        const day = workdayFrom(addDays(monthFirst, Math.floor(monthDays * random.next() ** 1.5)));
        const minutes = Math.min(random.int(5, 15), Math.max(2, plan.minutes - 2));
        const userId = whoFor(plan.patient, 0.08);
        const inWindow = day >= plan.from && day <= plan.to && monthOf(day) === month;
        for (let attempt = 0; inWindow && attempt < 6 && callMinutes === 0; attempt++) {
          const start = new Date(at(day, random.int(9 * 60, 16 * 60 + 30)).getTime() + random.int(0, 59) * 1000);
          const end = new Date(start.getTime() + minutes * 60_000);
          if (start < plan.patient.startedAt || end > (plan.patient.endedAt ?? now)) continue;
          if (!staff.book(userId, day, start, end)) continue;
          callMinutes = minutes;
          calls.push({
            patientId: plan.patient.id,
            clinicId,
            date: day,
            startedAt: start,
            kind: random.chance(0.65) ? 'phone' : 'video',
            minutes,
            notes: random.pick(callNotes),
            createdBy: userId,
            createdAt: end,
          });
        }
      }
      return { ...plan, seconds: Math.max(0, plan.minutes - callMinutes) * 60 + random.int(0, 50) };
    });

    for (const plan of monitored) {
      if (plan.minutes === 0) continue;
      let left = plan.seconds;
      let misses = 0;
      while (left >= 45 && misses < 20) {
        const active = Math.min(Math.max(left, 60), sessionSeconds(random));
        // A therapist looks at the data after the patient sent it: later that day or on the next working day.
        const sentOn = random.pick(plan.days);
        const sameDay = weekdayOf(sentOn) !== 0 && weekdayOf(sentOn) !== 6 && random.chance(0.55);
        const day = sameDay ? sentOn : random.chance(0.06) ? addDays(sentOn, 1) : workdayFrom(addDays(sentOn, 1));
        const earliest = Math.max(8 * 60, sameDay ? minuteOfDay(day, plan.patient.activity.get(sentOn)!) + 10 : 0);
        const latest = weekdayOf(day) === 6 || weekdayOf(day) === 0 ? 12 * 60 : 17 * 60 + 40;
        const { reason, extra } = endOf(random);
        const startedAt = new Date(at(day, random.int(8 * 60, latest)).getTime() + random.int(0, 59) * 1000);
        const endedAt = new Date(startedAt.getTime() + (active + extra) * 1000);
        const userId = whoFor(plan.patient, 0.12);
        const fits =
          day <= plan.to &&
          monthOf(day) === month &&
          minuteOfDay(day, startedAt) >= earliest &&
          startedAt >= plan.patient.startedAt &&
          endedAt <= (plan.patient.endedAt ?? now) &&
          staff.book(userId, day, startedAt, endedAt);
        if (!fits) {
          misses += 1;
          continue;
        }
        left -= active;
        sessions.push({
          clinicId,
          patientId: plan.patient.id,
          userId,
          context: contextOf(random),
          startedAt,
          lastBeatAt: endedAt,
          endedAt,
          endReason: reason,
          seconds: active,
          createdAt: startedAt,
        });
      }
    }
  }
  sessions.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  return { sessions, calls };
}

/** Onboarded and discharged patients with their latest episode and the days they logged exercise or rated pain. */
async function loadPatients(tx: Tx, clinicId: number): Promise<MonitoredPatient[]> {
  const latest = await loadTreatedPatients(tx, clinicId);
  const logDays = await tx
    .select({ patientId: exerciseLogs.patientId, day: exerciseLogs.localDate, first: min(exerciseLogs.performedAt) })
    .from(exerciseLogs)
    .where(eq(exerciseLogs.clinicId, clinicId))
    .groupBy(exerciseLogs.patientId, exerciseLogs.localDate);
  // A pain rating the patient gave is data too; synced steps arrive on their own, nobody reviews them that evening.
  const painDays = await tx
    .select({ patientId: healthMetrics.patientId, day: healthMetrics.localDate, first: min(healthMetrics.measuredAt) })
    .from(healthMetrics)
    .where(
      and(
        eq(healthMetrics.clinicId, clinicId),
        eq(healthMetrics.kind, 'painlevel'),
        eq(healthMetrics.source, 'manual'),
      ),
    )
    .groupBy(healthMetrics.patientId, healthMetrics.localDate);
  const activity = new Map<number, Map<string, Date>>();
  for (const { patientId, day, first } of [...logDays, ...painDays]) {
    const days = activity.get(patientId) ?? new Map<string, Date>();
    const known = days.get(day);
    if (first && (!known || first < known)) days.set(day, first);
    activity.set(patientId, days);
  }
  return latest.map(({ id, therapistId, startedAt, endedAt }) => ({
    id,
    therapistId,
    startedAt,
    endedAt,
    activity: activity.get(id) ?? new Map(),
  }));
}

/**
 * The demo clinics' monitored sessions and live calls (decision 0703), after their patients and exercise history
 * exist. Deterministic: the same clinics give the same rows, relative to `now`.
 */
export async function seedDemoMonitoring(tx: Tx, { clinicIds, now }: { clinicIds: number[]; now: Date }) {
  const sessions: SessionRow[] = [];
  const calls: CallRow[] = [];
  for (const [index, clinicId] of clinicIds.entries()) {
    const [clinic] = await tx.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, clinicId));
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.clinicId, clinicId),
          // Office managers are never monitored (decision 0700), nor do they log calls here (decision 0703).
          inArray(users.role, ['therapist', 'supervisor']),
          eq(users.approvalStatus, 'approved'),
        ),
      )
      .orderBy(asc(users.id));
    const plan = planMonitoring(
      {
        clinicId,
        timezone: clinic!.timezone,
        now,
        staffIds: staff.map((s) => s.id),
        patients: await loadPatients(tx, clinicId),
      },
      seededRandom(4099 + 31 * index),
    );
    sessions.push(...plan.sessions);
    calls.push(...plan.calls);
  }
  await insertMany(tx, monitoringSessions, sessions);
  await insertMany(tx, interactionLogs, calls);
}
