import { PATIENT_SIGNIN_PATH } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { isPatientSidePath, paths } from './paths.ts';

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

describe('the patient sign-in page', () => {
  // The printed program's QR code opens the contract's path; the page must be there. The path is written out in
  // paths.ts rather than imported, so the first screen does not load the contract for it.
  it('is where the printed program sends the patient', () => {
    expect(paths.patientLogin.path).toBe(PATIENT_SIGNIN_PATH);
    expect(paths.patientLogin.getHref()).toBe(PATIENT_SIGNIN_PATH);
    expect(isPatientSidePath(PATIENT_SIGNIN_PATH)).toBe(true);
  });
});
