import { type HepVideo, VIDEO_DEFAULTS } from '@rehabit/contract';

/** Placeholders the library stores for a field nobody filled in: nothing to show a patient. */
const isBlank = (text: string) => !text.trim() || text.trim() === VIDEO_DEFAULTS.description;

/**
 * The video's title and instructions in the patient's language (decision 1231): the Spanish ones when staff wrote
 * them, else the English. Instructions nobody wrote are null; a title saved without one is left to the card.
 */
export function videoTextIn(video: HepVideo, language: string) {
  const isSpanish = language.startsWith('es');
  const title = isSpanish && video.title_es.trim() ? video.title_es : video.title;
  const instructions = isSpanish && !isBlank(video.description_es) ? video.description_es : video.description;
  return { title, instructions: isBlank(instructions) ? null : instructions };
}
