import { MAX_CAPTION_BYTES } from '@rehabit/contract';
import webvtt from 'webvtt-parser';
import { AppError } from '../../lib/errors.ts';
import type { CheckedCaption } from './captions.repository.ts';

/** At most this many of the parser's complaints are repeated to the caller: the first ones say what is wrong. */
const MAX_REPORTED = 5;
/** A SubRip (.srt) file's first cue: a number, then a timing with commas before the milliseconds. */
const SRT_START = /^\uFEFF?\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2},\d{3}\s*-->/;

const refuse = (message: string, details: string[]) =>
  new AppError('validation_failed', message, { errors: { text: details.length > 0 ? details : [message] } });

/**
 * A caption track's text checked as WebVTT by the W3C's parser (decision 1405): a file without the `WEBVTT`
 * signature, with a timing it cannot read or a cue that ends before it starts, or with no cue at all, is refused,
 * saying what is wrong and on which line. Larger than `MAX_CAPTION_BYTES` is refused before it is read.
 */
export function checkWebVtt(text: string): CheckedCaption {
  const sizeBytes = Buffer.byteLength(text, 'utf8');
  if (sizeBytes > MAX_CAPTION_BYTES) {
    const limit = `${MAX_CAPTION_BYTES / 1000} kB`;
    throw new AppError('payload_too_large', `Caption files can be at most ${limit}`, {
      errors: { text: [`The captions are larger than ${limit}`] },
    });
  }
  if (SRT_START.test(text)) {
    throw refuse('This is a SubRip (.srt) file, not WebVTT', [
      'Save it as WebVTT (.vtt): the file starts with the line WEBVTT, and timings have a dot before the milliseconds (00:00:01.000)',
    ]);
  }
  const parsed = new webvtt.WebVTTParser().parse(text);
  if (parsed.errors.length > 0) {
    // The detail says what the file is not; each line at fault is a message of the field.
    const details = parsed.errors.slice(0, MAX_REPORTED).map((error) => `Line ${error.line}: ${error.message}`);
    throw refuse('This is not a valid WebVTT file', details);
  }
  if (parsed.cues.length === 0) {
    throw refuse('The WebVTT file has no captions', [
      'The file has no cues: add at least one timing line (00:00.000 --> 00:02.000) with its text',
    ]);
  }
  return { vtt: text, sizeBytes, cueCount: parsed.cues.length };
}
