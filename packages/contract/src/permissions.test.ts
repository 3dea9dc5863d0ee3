import { describe, expect, it } from 'vitest';
import { type Action, actions, can, canTreatPatients, isManageableStaff } from './permissions.ts';
import { isPatientRole, isStaffRole, nameWithRole, type Role, roles } from './roles.ts';

// Who may do what (decisions 0600 and 1305), one column per role: y = may, . = may not.
const columns: Role[] = ['therapist', 'manager', 'supervisor', 'admin', 'patient'];
const matrix: Record<Action, string> = {
  'patients.read': 'yyyy.',
  'patients.manage': 'yyyy.',
  'patients.remove': '.yyy.',
  'programs.edit': 'yyyy.',
  'templates.clinic': '.yyy.',
  'videos.manage': 'yyyy.',
  'videos.clinic': '..yy.',
  'videos.any': '...y.',
  'library.manage': '...y.',
  'chat.use': 'yyyyy',
  'chat.staff': 'yyyy.',
  'chat.patients': 'yy...',
  'support.answer': '...y.',
  'staff.read': 'yyyy.',
  'staff.manage': '..yy.',
  'supervisor.profile': '..y..',
  'clinic.supervise': '..y..',
  'clinic.read': 'yyyy.',
  'monitoring.record': 'y.y..',
  'monitoring.export': '.yy..',
  'billing.read': 'yyyy.',
  'billing.settings': '..yy.',
  'billing.files': '...y.',
  'calls.correct': '..y..',
  'billing.sign_off': '..y..',
  'dashboard.read': 'yyy..',
  'dashboard.clinic': '.yy..',
  'tasks.work': 'yyy..',
  'tasks.clinic': '.yy..',
  'balances.read': 'yyyy.',
  'balances.clinic': '.yyy.',
  'referral.send': 'yy...',
  'platform.delivery': '...y.',
  'platform.outbox': '...y.',
  'patient-app.use': '....y',
  'clinic.settings': '..yy.',
  'platform.clinics': '...y.',
  'clinics.all': '...y.',
  'audit.read': '..yy.',
  'announcements.manage': '...y.',
  'reminders.manage': 'yyyy.',
  'visits.start': 'y.y..',
  'visits.join': 'y.y.y',
  'fhir.bulk_export': '..yy.',
};

describe('permissions', () => {
  it('covers every role', () => {
    expect([...columns].sort()).toEqual([...roles].sort());
  });

  it.each(actions)('%s is allowed exactly to the roles of the matrix', (action) => {
    const allowed = columns.map((role) => (can(role, action) ? 'y' : '.')).join('');
    expect(allowed).toBe(matrix[action]);
  });

  it('lists no action the matrix leaves out', () => {
    expect([...actions].sort()).toEqual(Object.keys(matrix).sort());
  });

  it.each([
    [{ role: 'therapist', status: 'approved', has_access: true }, true],
    [{ role: 'supervisor', status: 'approved', has_access: true }, true],
    [{ role: 'manager', status: 'approved', has_access: true }, false],
    [{ role: 'admin', status: 'approved', has_access: true }, false],
    [{ role: 'therapist', status: 'pending', has_access: true }, false],
    [{ role: 'therapist', status: 'rejected', has_access: true }, false],
    [{ role: 'therapist', status: 'approved', has_access: false }, false],
  ] as const)('a patient can be handed to %o: %s', (member, expected) => {
    expect(canTreatPatients(member)).toBe(expected);
  });

  it.each([
    ['therapist', true],
    ['manager', true],
    ['supervisor', false],
    ['admin', false],
    ['patient', false],
  ] as const)('a supervisor decides on the access of a %s: %s', (role, expected) => {
    expect(isManageableStaff({ role })).toBe(expected);
  });
});

describe('roles', () => {
  it.each([
    ['therapist', false],
    ['manager', false],
    ['supervisor', false],
    ['admin', false],
    ['patient', true],
  ] as const)('a %s account is a patient’s: %s, and staff otherwise', (role, isPatient) => {
    expect(isPatientRole(role)).toBe(isPatient);
    expect(isStaffRole(role)).toBe(!isPatient);
  });

  it.each([
    ['therapist', 'Ann Lee'],
    ['manager', 'Ann Lee (Office manager)'],
    ['supervisor', 'Ann Lee (Supervisor)'],
  ] as const)('names a %s among colleagues as %s', (role, label) => {
    expect(nameWithRole('Ann Lee', role)).toBe(label);
  });
});
