import type { PatientStrings } from './en.ts';

/** The languages of the patient's side (decision 0430). */
export const patientLanguages = ['en', 'es'] as const;
export type PatientLanguage = (typeof patientLanguages)[number];

/** Where the patient's choice of language is kept on this phone. */
export const LANGUAGE_KEY = 'rehabit.patient_language';

const isLanguage = (value: unknown): value is PatientLanguage =>
  typeof value === 'string' && (patientLanguages as readonly string[]).includes(value);

/** The saved choice, else the phone's language when we speak it, else English. */
export function initialLanguage(): PatientLanguage {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage can be disabled; the phone's language still answers.
  }
  const preferred = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of preferred) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function saveLanguage(language: PatientLanguage) {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not saved: the choice still holds until the page is closed.
  }
}

/**
 * A language's strings. Each language is a chunk of its own: a phone downloads the language on screen, and another
 * only when the patient switches to it (decision 1170).
 */
export const stringsOf = (language: PatientLanguage): Promise<PatientStrings> =>
  language === 'es' ? import('./es.ts').then((module) => module.es) : import('./en.ts').then((module) => module.en);
