import type { Difficulty } from '@rehabit/contract';
import { addDays, localDateOf, weekdayOf } from '../lib/calendar.ts';
import type { HepDosage } from '../modules/hep/hep.repository.ts';
import { atLocalTime, daysBetween, type Random } from './demo-random.ts';

/** How a demo patient keeps to the program over the weeks. */
export type Adherence = 'engaged' | 'steady' | 'fading' | 'sporadic' | 'lapsed';

export type HistoryPlan = {
  timezone: string;
  now: Date;
  /** Episode start: the initial evaluation, where pain and function start improving. */
  startDay: string;
  /** First and last calendar day with data (the last is today, or the day of discharge). */
  firstDay: string;
  lastDay: string;
  adherence: Adherence;
  pain: { start: number; end: number; span: number };
  steps: { source: 'apple_health' | 'health_connect'; base: number } | null;
  /** Program items in order; each is done from the day after it was added. */
  items: { dosage: HepDosage; addedOn: string }[];
};

export type LogRow = {
  item: number;
  performedAt: Date;
  localDate: string;
  setsDone: number;
  repsDone: number;
  pain: number | null;
  difficulty: Difficulty | null;
  note: string;
  clientId: string;
};
export type ReadingRow = {
  kind: 'painlevel' | 'steps';
  value: number;
  measuredAt: Date;
  localDate: string;
  source: string;
};

const notes = [
  'Stiff this morning, easier after the first set.',
  'Felt a pull at the end of the range, so I eased off.',
  'Much easier than last week.',
  'Did these after my walk.',
  'Tired today, stopped early.',
  'Felt good today.',
  'Did them while the coffee brewed.',
];

/**
 * Pain on the NPRS a number of days into the episode: it settles from the start value toward the end value over
 * the episode so far (`span` days), so every episode shows its improvement.
 */
export const painOn = (pain: HistoryPlan['pain'], day: number) =>
  pain.end + (pain.start - pain.end) * Math.exp((-2.5 * Math.max(0, day)) / Math.max(45, pain.span));

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The chance that the patient exercises at all on a day. */
function chanceOfExercise(plan: HistoryPlan, day: string, weekFactor: number): number {
  const sinceStart = daysBetween(plan.startDay, day);
  const weekend = weekdayOf(day) === 0 || weekdayOf(day) === 6 ? 0.75 : 1;
  const base = {
    engaged: 0.94,
    steady: 0.76,
    fading: 0.92 - 0.7 * Math.min(1, sinceStart / 80),
    sporadic: 0.4 * weekFactor,
    // Stopped about ten days ago: the clinic's "no data for 7 days" rule has something to find.
    lapsed: daysBetween(day, plan.lastDay) > 9 ? 0.8 : 0,
  }[plan.adherence];
  return base * weekend;
}

/** Programs of fewer than seven days a week fall on weekdays: Monday to Friday, or Monday, Wednesday, Friday. */
function scheduled(dosage: HepDosage, day: string): boolean {
  const weekday = weekdayOf(day);
  if (dosage.daysPerWeek >= 7) return true;
  if (dosage.daysPerWeek === 3) return weekday === 1 || weekday === 3 || weekday === 5;
  return weekday >= 1 && weekday <= Math.min(5, dosage.daysPerWeek);
}

function difficultyOn(random: Random, progress: number): Difficulty | null {
  const r = random.next();
  if (r < 0.08) return null;
  if (r < 0.08 + 0.16 * (1 - progress)) return 'hard';
  if (r > 0.9 - 0.15 * progress) return 'easy';
  return 'right';
}

/** Sessions of a day: morning, then evening, then midday, as minutes after midnight. */
const sessionStarts = (random: Random) => [
  7 * 60 + random.int(0, 150),
  18 * 60 + 30 + random.int(0, 120),
  12 * 60 + random.int(0, 60),
];

/**
 * The patient's exercise logs, pain ratings and synced steps from the first to the last day, never after `now`.
 */
export function exerciseHistory(plan: HistoryPlan, random: Random): { logs: LogRow[]; readings: ReadingRow[] } {
  const logs: LogRow[] = [];
  const readings: ReadingRow[] = [];
  const at = (day: string, minute: number) => atLocalTime(day, minute, plan.timezone);
  const past = (instant: Date) => instant.getTime() <= plan.now.getTime();
  const painTimes = new Set<number>();
  // A pain rating is a reading, whether given on its own or with a log (as the API stores it, decision 0400).
  const ratePain = (measuredAt: Date, value: number) => {
    if (painTimes.has(measuredAt.getTime())) return;
    painTimes.add(measuredAt.getTime());
    const localDate = localDateOf(measuredAt, plan.timezone);
    readings.push({ kind: 'painlevel', value, measuredAt, localDate, source: 'manual' });
  };
  let weekFactor = 1;
  let flareDays = 0;
  for (let day = plan.firstDay; day <= plan.lastDay; day = addDays(day, 1)) {
    if (weekdayOf(day) === 0 || day === plan.firstDay) weekFactor = random.between(0.2, 1.7);
    const sinceStart = daysBetween(plan.startDay, day);
    const progress = Math.min(1, sinceStart / 90);
    flareDays = flareDays > 0 ? flareDays - 1 : random.chance(0.03) ? 3 : 0;
    const painToday = () =>
      clamp(Math.round(painOn(plan.pain, sinceStart) + (flareDays > 0 ? 2 : 0) + random.between(-1, 1)), 0, 10);

    const active = random.chance(chanceOfExercise(plan, day, weekFactor));
    if (active) {
      const starts = sessionStarts(random);
      const secondSession = plan.adherence === 'engaged' ? 0.6 : 0.4;
      for (let session = 0; session < starts.length; session++) {
        if (session > 0 && !random.chance(session === 1 ? secondSession : 0.3)) continue;
        let minute = starts[session]!;
        plan.items.forEach(({ dosage, addedOn }, item) => {
          if (day <= addedOn || session >= dosage.timesPerDay || !scheduled(dosage, day)) return;
          if (!random.chance(0.9)) return;
          minute += random.int(2, 5);
          const performedAt = at(day, minute);
          if (!past(performedAt)) return;
          const pain = random.chance(0.25) ? painToday() : null;
          if (pain !== null) ratePain(performedAt, pain);
          logs.push({
            item,
            performedAt,
            localDate: localDateOf(performedAt, plan.timezone),
            setsDone: random.chance(0.85) ? dosage.sets : Math.max(1, dosage.sets - 1),
            repsDone: random.chance(0.9) ? dosage.reps : Math.max(1, dosage.reps - random.int(1, 3)),
            pain,
            difficulty: difficultyOn(random, progress),
            note: random.chance(0.02) ? random.pick(notes) : '',
            clientId: random.uuid(),
          });
        });
      }
    }

    const lapsed = plan.adherence === 'lapsed' && daysBetween(day, plan.lastDay) <= 9;
    if (!lapsed && random.chance(active ? 0.3 : 0.15)) {
      const measuredAt = at(day, 20 * 60 + random.int(0, 90));
      if (past(measuredAt)) ratePain(measuredAt, painToday());
    }
    if (plan.steps && random.chance(0.95)) {
      // One reading a day: the phone's total at 21:00, as the health platforms sync it.
      const measuredAt = at(day, 21 * 60);
      const weekend = weekdayOf(day) === 0 || weekdayOf(day) === 6 ? 0.8 : 1;
      const value = Math.round(plan.steps.base * (1 + 0.3 * progress) * weekend * random.between(0.7, 1.3));
      if (past(measuredAt))
        readings.push({
          kind: 'steps',
          value,
          measuredAt,
          localDate: localDateOf(measuredAt, plan.timezone),
          source: plan.steps.source,
        });
    }
  }
  return { logs, readings };
}
