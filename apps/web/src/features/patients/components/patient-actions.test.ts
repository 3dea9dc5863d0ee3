import type { PatientStatus, Role } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { canRemovePatients, type PatientAction, patientActions } from './patient-actions.ts';

describe('patient actions', () => {
  it.each<[PatientStatus, Role, PatientAction[]]>([
    ['registered', 'therapist', ['onboard', 'edit']],
    ['registered', 'manager', ['onboard', 'edit', 'remove']],
    ['onboarded', 'therapist', ['discharge', 'change_therapist', 'edit']],
    ['onboarded', 'supervisor', ['discharge', 'change_therapist', 'edit', 'remove']],
    ['discharged', 'admin', ['re_onboard', 'change_therapist', 'edit', 'remove']],
    ['discharged', 'therapist', ['re_onboard', 'change_therapist', 'edit']],
    ['removed', 'manager', []],
  ])('%s patient, %s → %o', (status, role, actions) => {
    expect(patientActions(status, role)).toEqual(actions);
  });

  it.each<[Role, boolean]>([
    ['therapist', false],
    ['patient', false],
    ['manager', true],
    ['supervisor', true],
    ['admin', true],
  ])('%s may remove patients: %s', (role, expected) => {
    expect(canRemovePatients(role)).toBe(expected);
  });
});
