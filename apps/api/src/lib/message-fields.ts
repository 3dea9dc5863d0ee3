import { NAME_MAX_LENGTH } from '@rehabit/contract';

/** A first and a last name with the space between them. */
const FULL_NAME_MAX_LENGTH = 2 * NAME_MAX_LENGTH + 1;

/**
 * Text a person typed, as an e-mail or text message sent under Rehabit's name prints it (decision 1265): on a line
 * of its own after a label, in quotes, on one line, cut to a length, and with every '.', ':', '/', '\\' or '@'
 * followed by a space so no mail program turns it into a link. The length is, by default, a full name's. Names
 * follow the name rule since decision 1265, but rows stored before it (and clinic names) may hold anything.
 */
export function labelled(label: string, text: string, maxLength = FULL_NAME_MAX_LENGTH): string {
  const oneLine = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .replaceAll('"', "'")
    .trim();
  const cut = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength).trimEnd()}…` : oneLine;
  return `${label}: "${cut.replace(/([.:/@\\])(?=\S)/g, '$1 ')}"`;
}
