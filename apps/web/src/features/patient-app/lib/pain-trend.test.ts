import { describe, expect, it } from 'vitest';
import { makeDay, weekDates } from '../patient-fixtures.ts';
import { painTrend } from './pain-trend.ts';

const week = (pains: (number | null)[]) =>
  weekDates.map((date, index) => makeDay(date, { pain: pains[index] ?? null }));

describe('pain trend', () => {
  it.each([
    [[null, null, null], { kind: 'none' }],
    [[null, 4], { kind: 'one', value: 4 }],
    [[7, 6, null, 3, 2], { kind: 'down', from: 6.5, to: 2.5 }],
    [[2, 2, 5, 6], { kind: 'up', from: 2, to: 5.5 }],
    [[4, 5, 4.5, 4], { kind: 'same', value: 4.4 }],
  ])('reads %j as %j', (pains, expected) => {
    expect(painTrend(week(pains))).toEqual(expected);
  });
});
