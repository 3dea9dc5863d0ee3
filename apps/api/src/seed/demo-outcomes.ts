import { type MeasureKey, measures, scoreMeasure } from '@rehabit/contract';
import { addDays } from '../lib/calendar.ts';
import { type HistoryPlan, painOn } from './demo-history.ts';
import type { Region } from './demo-program-plans.ts';
import { regionQuestionnaire, romNameOf } from './demo-program-plans.ts';
import { atLocalTime, daysBetween, type Random } from './demo-random.ts';

export type OutcomePlan = {
  region: Region;
  diagnosis: string;
  timezone: string;
  startDay: string;
  /** Entries are dated before this day (today), or on it when it is the day of discharge. */
  lastDay: string;
  discharged: boolean;
  pain: HistoryPlan['pain'];
  /** 0 to 1: how much of the possible improvement the patient reaches (adherence pays). */
  response: number;
  psfs: boolean;
  rom: boolean;
  tug: boolean;
};

export type OutcomeEntry = {
  date: string;
  answers: number[];
  score: number;
  scoringVersion: string;
  note: string;
  createdAt: Date;
};
export type OutcomeSeries = { datatypeId: number; name: string; unit: string; entries: OutcomeEntry[] };

/**
 * `count` answers between `min` and `max` that add up to `total` (clamped to what is possible), spread at random,
 * as a real questionnaire's items would be.
 */
export function answersSumming(random: Random, total: number, count: number, min: number, max: number) {
  const answers = Array.from({ length: count }, () => min);
  let left = Math.max(0, Math.min(total - count * min, count * (max - min)));
  while (left > 0) {
    const i = random.int(0, count - 1);
    if (answers[i]! < max) {
      answers[i]! += 1;
      left -= 1;
    }
  }
  return answers;
}

/** Answers of a questionnaire whose score should be near `score`, from the measure's scoring formula turned round. */
function answersFor(key: MeasureKey, score: number, random: Random): number[] {
  switch (key) {
    case 'lefs':
      return answersSumming(random, Math.round(score), 20, 0, 4);
    case 'odi':
      return answersSumming(random, Math.round(score / 2), 10, 0, 5);
    case 'ndi':
      return answersSumming(random, Math.round(score), 10, 0, 5);
    case 'quickdash':
      return answersSumming(random, Math.round((score / 25 + 1) * 11), 11, 1, 5);
    default:
      return [score];
  }
}

/** Start and best reachable value of each measure, picked per patient. */
function rangeOf(key: MeasureKey, region: Region, random: Random): [number, number] {
  switch (key) {
    case 'lefs':
      return [random.int(22, 40), random.int(62, 74)];
    case 'odi':
      return [random.int(30, 50), random.int(6, 14)];
    case 'ndi':
      return [random.int(15, 26), random.int(3, 8)];
    case 'quickdash':
      return [random.int(40, 62), random.int(8, 20)];
    case 'rom':
      return region === 'knee'
        ? [random.int(80, 95), random.int(118, 130)]
        : [random.int(95, 115), random.int(150, 170)];
    case 'tug':
      return [random.between(14, 19), random.between(8.5, 11)];
    default:
      return [0, 0];
  }
}

/** Dates of the assessments: the initial evaluation, then every two to four weeks, and at discharge. */
function assessmentDays(plan: OutcomePlan, random: Random): string[] {
  const days: string[] = [];
  for (let day = plan.startDay; day < plan.lastDay; day = addDays(day, random.int(14, 28))) days.push(day);
  if (plan.discharged) days.push(plan.lastDay);
  return days;
}

/** The patient's outcome-measure series with entries improving over the episode, scored as the API scores them. */
export function outcomeHistory(plan: OutcomePlan, random: Random): OutcomeSeries[] {
  const days = assessmentDays(plan, random);
  const progressOn = (day: string) => plan.response * (1 - Math.exp(-daysBetween(plan.startDay, day) / 30));
  const noteOn = (i: number) =>
    i === 0 ? 'Initial evaluation' : plan.discharged && i === days.length - 1 ? 'Discharge' : '';
  const series = (key: MeasureKey, name: string, answersOn: (day: string) => number[]): OutcomeSeries => ({
    datatypeId: measures[key].datatypeId,
    name,
    unit: measures[key].unit,
    entries: days.map((date, i) => {
      const answers = answersOn(date);
      const scored = scoreMeasure(key, answers);
      if (!scored.ok) throw new Error(`demo ${key} answers do not score: ${scored.error}`);
      const createdAt = atLocalTime(date, 10 * 60 + random.int(0, 360), plan.timezone);
      return { date, answers, score: scored.score, scoringVersion: scored.scoringVersion, note: noteOn(i), createdAt };
    }),
  });
  const improving = (key: MeasureKey, digits = 0) => {
    const [start, best] = rangeOf(key, plan.region, random);
    const spread = Math.abs(best - start) * 0.06;
    return (day: string) => {
      const value = start + (best - start) * progressOn(day) + random.between(-spread, spread);
      return answersFor(key, Math.round(value * 10 ** digits) / 10 ** digits, random);
    };
  };

  const result = [
    series('nprs', measures.nprs.name, (day) => [
      Math.min(
        10,
        Math.max(0, Math.round(painOn(plan.pain, daysBetween(plan.startDay, day)) + random.between(-0.6, 0.6))),
      ),
    ]),
  ];
  const questionnaire = regionQuestionnaire[plan.region];
  result.push(series(questionnaire, measures[questionnaire].name, improving(questionnaire)));
  if (plan.psfs) {
    const activities = Array.from({ length: 3 }, () => [random.int(1, 4), random.int(7, 9)] as const);
    result.push(
      series('psfs', measures.psfs.name, (day) =>
        activities.map(([start, best]) => Math.round(start + (best - start) * progressOn(day))),
      ),
    );
  }
  const romName = romNameOf(plan.region, plan.diagnosis);
  if (plan.rom && romName) result.push({ ...series('rom', romName, improving('rom')), unit: 'degrees' });
  if (plan.tug) result.push(series('tug', measures.tug.name, improving('tug', 1)));
  return result;
}
