/**
 * Outcome measures (decisions 0400, 0420) as datatypes with their published scoring. Pure: the API stores the raw
 * answers with the score and the scoring version; the web shows the score as a questionnaire is filled in.
 */

export type MeasureKey = 'nprs' | 'psfs' | 'lefs' | 'quickdash' | 'odi' | 'ndi' | 'rom' | 'tug';

export type Measure = {
  datatypeId: number;
  key: MeasureKey;
  name: string;
  unit: string;
  /** Number of answers, their range, and how many may be missing. */
  items: { count: number | { min: number; max: number }; min: number; max: number; maxMissing: number };
  /** Higher is better (LEFS, PSFS) or worse (pain, disability). */
  higherIsBetter: boolean;
  scoringVersion: string;
};

export const measures: Record<MeasureKey, Measure> = {
  nprs: {
    datatypeId: 1,
    key: 'nprs',
    name: 'Numeric Pain Rating Scale',
    unit: 'points (0–10)',
    items: { count: 1, min: 0, max: 10, maxMissing: 0 },
    higherIsBetter: false,
    scoringVersion: 'NPRS 0-10',
  },
  psfs: {
    datatypeId: 2,
    key: 'psfs',
    name: 'Patient-Specific Functional Scale',
    unit: 'points (0–10)',
    items: { count: { min: 3, max: 5 }, min: 0, max: 10, maxMissing: 0 },
    higherIsBetter: true,
    scoringVersion: 'PSFS mean of 3-5 activities (Stratford 1995)',
  },
  lefs: {
    datatypeId: 3,
    key: 'lefs',
    name: 'Lower Extremity Functional Scale',
    unit: 'points (0–80)',
    items: { count: 20, min: 0, max: 4, maxMissing: 0 },
    higherIsBetter: true,
    scoringVersion: 'LEFS sum of 20 items (Binkley 1999)',
  },
  quickdash: {
    datatypeId: 4,
    key: 'quickdash',
    name: 'QuickDASH',
    unit: '% disability (0–100)',
    items: { count: 11, min: 1, max: 5, maxMissing: 1 },
    higherIsBetter: false,
    scoringVersion: 'QuickDASH ((sum/n)-1)*25, n>=10 of 11',
  },
  odi: {
    datatypeId: 5,
    key: 'odi',
    name: 'Oswestry Disability Index',
    unit: '% disability (0–100)',
    items: { count: 10, min: 0, max: 5, maxMissing: 1 },
    higherIsBetter: false,
    scoringVersion: 'ODI 2.1a total/(5*answered)*100',
  },
  ndi: {
    datatypeId: 6,
    key: 'ndi',
    name: 'Neck Disability Index',
    unit: 'points (0–50)',
    items: { count: 10, min: 0, max: 5, maxMissing: 1 },
    higherIsBetter: false,
    scoringVersion: 'NDI total, prorated to 50 when one item is missing (Vernon 1991)',
  },
  rom: {
    datatypeId: 7,
    key: 'rom',
    name: 'Range of motion',
    unit: 'degrees',
    items: { count: 1, min: -90, max: 360, maxMissing: 0 },
    higherIsBetter: true,
    scoringVersion: 'measured value',
  },
  tug: {
    datatypeId: 8,
    key: 'tug',
    name: 'Timed Up and Go',
    unit: 'seconds',
    items: { count: 1, min: 0, max: 600, maxMissing: 0 },
    higherIsBetter: false,
    scoringVersion: 'measured value',
  },
};

export const measureByDatatypeId = (id: number) => Object.values(measures).find((m) => m.datatypeId === id);

export type Scored = { ok: true; score: number; scoringVersion: string } | { ok: false; error: string };

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Scores one questionnaire from its answers (`null` for an unanswered item). Refuses answers out of range,
 * too many missing items, or the wrong number of items, with a sentence a clinician can act on.
 */
export function scoreMeasure(key: MeasureKey, answers: (number | null)[]): Scored {
  const measure = measures[key];
  const { count, min, max, maxMissing } = measure.items;
  const [least, most] = typeof count === 'number' ? [count, count] : [count.min, count.max];
  if (answers.length < least || answers.length > most) {
    return {
      ok: false,
      error: least === most ? `${measure.name} has ${least} items` : `${measure.name} takes ${least} to ${most} items`,
    };
  }
  const given = answers.filter((a): a is number => a !== null);
  if (given.some((a) => !Number.isFinite(a) || a < min || a > max)) {
    return { ok: false, error: `Answers must be between ${min} and ${max}` };
  }
  if (answers.length - given.length > maxMissing) {
    return {
      ok: false,
      error: maxMissing === 0 ? 'Answer every item' : `At most ${maxMissing} item may be left unanswered`,
    };
  }
  const sum = given.reduce((a, b) => a + b, 0);
  const n = given.length;
  const score = (() => {
    switch (key) {
      case 'psfs':
        return round(sum / n, 2);
      case 'quickdash':
        return round((sum / n - 1) * 25);
      case 'odi':
        return round((sum / (5 * n)) * 100);
      case 'ndi':
        return round((sum / (5 * n)) * 50);
      default:
        return sum;
    }
  })();
  return { ok: true, score, scoringVersion: measure.scoringVersion };
}

/**
 * The minimal clinically important difference of a measure: the smallest change of its score a patient notices as
 * a real change (decision 1360). Only values with a source we can name; a measure without one shows no MCID.
 */
export type Mcid = { points: number /** How staff screens say it. */; words: string };

export const measureMcid: Partial<Record<MeasureKey, Mcid>> = {
  // Childs JD, Piva SR, Fritz JM. Responsiveness of the numeric pain rating scale in patients with low back pain.
  // Spine 2005;30(11):1331-4: a change of 2 points.
  nprs: { points: 2, words: 'a change of 2 points' },
  // Horn KK et al. The Patient-Specific Functional Scale: psychometrics, clinimetrics, and application as a clinical
  // outcome measure. J Orthop Sports Phys Ther 2012;42(1):30-42: 2 points on the average score.
  psfs: { points: 2, words: 'a change of 2 points on the average' },
  // Binkley JM et al. The Lower Extremity Functional Scale (LEFS). Phys Ther 1999;79(4):371-83: 9 scale points.
  lefs: { points: 9, words: 'a change of 9 points' },
  // Mintken PE, Glynn P, Cleland JA. Psychometric properties of the shortened disabilities of the Arm, Shoulder, and
  // Hand Questionnaire (QuickDASH). J Shoulder Elbow Surg 2009;18(6):920-6: 8 points.
  quickdash: { points: 8, words: 'a change of 8 points' },
  // Ostelo RW et al. Interpreting change scores for pain and functional status in low back pain. Spine
  // 2008;33(1):90-4: 10 points of the 0-100 ODI.
  odi: { points: 10, words: 'a change of 10 points' },
};

/**
 * What the product may show a patient of each instrument (decision 1360). Only an instrument whose wording we may
 * redistribute in an open-source product is filled in by the patient; the others stay scores staff enter from a
 * paper form their clinic is licensed to use.
 */
export const measureLicences: Record<MeasureKey, { patientFillable: boolean; status: string }> = {
  nprs: { patientFillable: true, status: 'Free to use: a single 0–10 pain question in the public domain.' },
  psfs: {
    patientFillable: true,
    status: 'Free to use; its instructions are written in our own words, the patient names the activities.',
  },
  lefs: {
    patientFillable: false,
    status:
      'Not shipped: its wording is copyrighted and we could not establish that its licence allows us to redistribute it.',
  },
  quickdash: {
    patientFillable: false,
    status: 'Not shipped: its wording is copyrighted and its licence does not allow us to redistribute it.',
  },
  odi: {
    patientFillable: false,
    status: 'Not shipped: its wording is copyrighted and its licence does not allow us to redistribute it.',
  },
  ndi: {
    patientFillable: false,
    status: 'Not shipped: its wording is copyrighted and its licence does not allow us to redistribute it.',
  },
  rom: { patientFillable: false, status: 'Measured by staff: not a questionnaire.' },
  tug: { patientFillable: false, status: 'Measured by staff: not a questionnaire.' },
};

/** The measures a patient fills in on the phone (decision 1360). */
export const patientFillableMeasures = ['nprs', 'psfs'] as const satisfies readonly MeasureKey[];
export type PatientFillableMeasure = (typeof patientFillableMeasures)[number];
