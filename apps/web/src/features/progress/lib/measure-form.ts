import { type MeasureKey, measures, type Scored, scoreMeasure } from '@rehabit/contract';

export const questionnaireKeys: MeasureKey[] = ['nprs', 'psfs', 'lefs', 'quickdash', 'odi', 'ndi'];
export const freeMeasureKeys: MeasureKey[] = ['rom', 'tug'];

/** How many answer fields a measure starts with (PSFS starts with three activities and may take five). */
export const startingItemCount = (key: MeasureKey) => {
  const count = measures[key].items.count;
  return typeof count === 'number' ? count : count.min;
};

export const maxItemCount = (key: MeasureKey) => {
  const count = measures[key].items.count;
  return typeof count === 'number' ? count : count.max;
};

/** The label of one answer field. */
export function itemLabel(key: MeasureKey, index: number): string {
  const { min, max } = measures[key].items;
  if (key === 'nprs') return `Pain now (${min}–${max})`;
  if (key === 'psfs') return `Activity ${index + 1} (${min}–${max})`;
  if (key === 'rom' || key === 'tug') return `Value (${measures[key].unit})`;
  return `Item ${index + 1} (${min}–${max})`;
}

/** Typed answers as the API takes them: an empty field is an unanswered item. */
export const parseAnswers = (typed: string[]): (number | null)[] =>
  typed.map((text) => (text.trim() === '' ? null : Number(text)));

/** The score as the answers are typed, with the reason when it cannot be computed yet. */
export const liveScore = (key: MeasureKey, typed: string[]): Scored => {
  const answers = parseAnswers(typed);
  if (answers.some((a) => a !== null && Number.isNaN(a))) return { ok: false, error: 'Answers must be numbers' };
  return scoreMeasure(key, answers);
};

/** "7, 5, –": what was answered, for the table. */
export const answersSummary = (key: MeasureKey, answers: (number | null)[]) => {
  if (freeMeasureKeys.includes(key) || key === 'nprs') return '';
  const given = answers.filter((a) => a !== null).length;
  const list = answers.map((a) => (a === null ? '–' : String(a))).join(', ');
  return given === answers.length ? list : `${list} (${given} of ${answers.length} answered)`;
};
