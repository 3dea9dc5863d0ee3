import { describe, expect, it } from 'vitest';
import { answersSummary, itemLabel, liveScore, startingItemCount } from './measure-form.ts';

describe('questionnaire form', () => {
  it('scores as answers are typed and says what is missing', () => {
    expect(liveScore('odi', ['1', '2', '3', '0', '1', '2', '3', '4', '5', ''])).toEqual({
      ok: true,
      score: 46.7,
      scoringVersion: 'ODI 2.1a total/(5*answered)*100',
    });
    expect(liveScore('odi', ['1', '', '3', '0', '1', '2', '3', '4', '5', ''])).toEqual({
      ok: false,
      error: 'At most 1 item may be left unanswered',
    });
    expect(liveScore('nprs', ['x'])).toEqual({ ok: false, error: 'Answers must be numbers' });
    expect(liveScore('nprs', ['11'])).toEqual({ ok: false, error: 'Answers must be between 0 and 10' });
  });

  it('starts each measure with its items, labelled with their range', () => {
    expect(startingItemCount('lefs')).toBe(20);
    expect(startingItemCount('psfs')).toBe(3);
    expect(itemLabel('quickdash', 0)).toBe('Item 1 (1–5)');
    expect(itemLabel('psfs', 2)).toBe('Activity 3 (0–10)');
    expect(itemLabel('tug', 0)).toBe('Value (seconds)');
  });

  it('summarises answers, counting the unanswered', () => {
    expect(answersSummary('psfs', [7, 5, 6])).toBe('7, 5, 6');
    expect(answersSummary('ndi', [1, null, 2])).toBe('1, –, 2 (2 of 3 answered)');
    expect(answersSummary('rom', [120])).toBe('');
  });
});
