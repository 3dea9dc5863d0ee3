import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classicExercises, dataSetExercises } from '../../seed/demo-video-catalog.ts';
import { bundledIcd10File, parseIcd10File } from '../patients/icd10.repository.ts';
import { protocols } from './protocols.ts';

const libraryTitles = new Set([...dataSetExercises(), ...classicExercises].map((e) => e.title.toLowerCase()));
const codes = parseIcd10File(readFileSync(bundledIcd10File, 'utf8')).map((row) => row.code);

describe('the shipped protocols (decision 1401)', () => {
  it('are the five common episodes, each with a unique key', () => {
    expect(protocols.map((p) => p.key)).toEqual([
      'total-knee-replacement',
      'acl-reconstruction-phase-1',
      'low-back-pain',
      'rotator-cuff',
      'ankle-sprain',
    ]);
  });

  it.each(protocols.map((p) => [p.key, p] as const))('%s uses only exercises of the shipped library', (_key, p) => {
    const missing = p.exercises.map((e) => e.title).filter((title) => !libraryTitles.has(title.toLowerCase()));
    expect(missing).toEqual([]);
    expect(new Set(p.exercises.map((e) => e.title)).size).toBe(p.exercises.length);
  });

  it.each(protocols.map((p) => [p.key, p] as const))('%s matches codes of the shipped ICD-10 subset', (_key, p) => {
    for (const prefix of p.icd10Prefixes)
      expect(
        codes.some((code) => code.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(p.sources.length).toBeGreaterThan(0);
  });
});
