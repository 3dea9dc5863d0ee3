import { type HepVideo, VIDEO_DEFAULTS } from '@rehabit/contract';

/** Empty, or the placeholder the library stores for a field nobody filled in (in English): nothing to show. */
const isBlank = (text: string, placeholder: string) => !text.trim() || text.trim() === placeholder;

/** A field in the patient's language: the Spanish one when staff wrote it, else the English; null when neither. */
function textIn(english: string, spanish: string, isSpanish: boolean, placeholder: string) {
  const text = isSpanish && !isBlank(spanish, placeholder) ? spanish : english;
  return isBlank(text, placeholder) ? null : text;
}

/**
 * The video's title and instructions in the patient's language (decision 1231), each null when nobody wrote it: the
 * card then names the exercise by its place, and shows no instructions.
 */
export function videoTextIn(video: HepVideo, language: string) {
  const isSpanish = language.startsWith('es');
  return {
    title: textIn(video.title, video.title_es, isSpanish, VIDEO_DEFAULTS.title),
    instructions: textIn(video.description, video.description_es, isSpanish, VIDEO_DEFAULTS.description),
  };
}
