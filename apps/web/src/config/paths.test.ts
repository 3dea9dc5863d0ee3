import { describe, expect, it } from 'vitest';
import { isPatientSidePath } from './paths.ts';

describe('which app an address opens', () => {
  it.each([
    ['/my/today', true],
    ['/my/progress', true],
    ['/my/chat/', true],
    ['/my', true],
    ['/MY/Today', true],
    ['/my/unknown', true],
    ['/patient/login', true],
    ['/patient/signup', true],
    ['/patient/12/dashboard', false],
    ['/patients', false],
    ['/myself', false],
    ['/login', false],
    ['/', false],
  ])('%s → patient side: %s', (path, isPatient) => {
    expect(isPatientSidePath(path)).toBe(isPatient);
  });
});
