import type { HandoutLanguage } from '@rehabit/contract';

/** How often an exercise is done, as the handout's reader says it. */
type Frequency = { timesPerDay: number; daysPerWeek: number };

/**
 * The handout's fixed words in each of its languages (decision 1395). Numbers and dates go through the language's
 * own formats, so a Spanish handout never shows an English date.
 */
export type HandoutWords = {
  /** The document's language tag, read aloud by screen readers in that language. */
  lang: string;
  title: string;
  preparedFor: (firstName: string) => string;
  startedOn: (date: string) => string;
  exerciseNumber: (n: string) => string;
  sets: string;
  reps: string;
  hold: string;
  seconds: (n: number, formatted: string) => string;
  often: string;
  frequency: (f: Frequency, number: (n: number) => string) => string;
  howTo: string;
  notes: string;
  pictureOf: (name: string) => string;
  /** The clinic logo's alternative text (decision 1430). */
  logoOf: (clinicName: string) => string;
  scan: string;
  qrAlt: (link: string) => string;
  pageOf: (page: string, pages: string) => string;
};

const english: HandoutWords = {
  lang: 'en-US',
  title: 'Your home exercise program',
  preparedFor: (firstName) => `Prepared for ${firstName}`,
  startedOn: (date) => `Program started ${date}`,
  exerciseNumber: (n) => `Exercise ${n}`,
  sets: 'Sets',
  reps: 'Repetitions',
  hold: 'Hold',
  seconds: (n, formatted) => (n === 1 ? '1 second' : `${formatted} seconds`),
  often: 'How often',
  frequency: ({ timesPerDay, daysPerWeek }, number) => {
    const times =
      timesPerDay === 1 ? 'Once a day' : timesPerDay === 2 ? 'Twice a day' : `${number(timesPerDay)} times a day`;
    const days =
      daysPerWeek === 7 ? 'every day' : daysPerWeek === 1 ? '1 day a week' : `${number(daysPerWeek)} days a week`;
    return `${times}, ${days}`;
  },
  howTo: 'How to do it',
  notes: 'Notes from your therapist',
  pictureOf: (name) => `Picture of the exercise: ${name}`,
  logoOf: (clinicName) => `${clinicName} logo`,
  scan: 'Scan to open your program',
  qrAlt: (link) => `QR code that opens ${link}`,
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
};

const spanish: HandoutWords = {
  lang: 'es-US',
  title: 'Su programa de ejercicios en casa',
  preparedFor: (firstName) => `Preparado para ${firstName}`,
  startedOn: (date) => `Programa iniciado el ${date}`,
  exerciseNumber: (n) => `Ejercicio ${n}`,
  sets: 'Series',
  reps: 'Repeticiones',
  hold: 'Mantener',
  seconds: (n, formatted) => (n === 1 ? '1 segundo' : `${formatted} segundos`),
  often: 'Frecuencia',
  frequency: ({ timesPerDay, daysPerWeek }, number) => {
    const times =
      timesPerDay === 1
        ? 'Una vez al día'
        : timesPerDay === 2
          ? 'Dos veces al día'
          : `${number(timesPerDay)} veces al día`;
    const days =
      daysPerWeek === 7
        ? 'todos los días'
        : daysPerWeek === 1
          ? '1 día a la semana'
          : `${number(daysPerWeek)} días a la semana`;
    return `${times}, ${days}`;
  },
  howTo: 'Cómo hacerlo',
  notes: 'Notas de su terapeuta',
  pictureOf: (name) => `Imagen del ejercicio: ${name}`,
  logoOf: (clinicName) => `Logotipo de ${clinicName}`,
  scan: 'Escanee para abrir su programa',
  qrAlt: (link) => `Código QR que abre ${link}`,
  pageOf: (page, pages) => `Página ${page} de ${pages}`,
};

export const handoutWords: Record<HandoutLanguage, HandoutWords> = { en: english, es: spanish };
