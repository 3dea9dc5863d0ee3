import { can, type PatientStatus, type Role } from '@rehabit/contract';

export type PatientAction = 'onboard' | 'discharge' | 're_onboard' | 'change_therapist' | 'edit' | 'remove';

export const canRemovePatients = (role: Role) => can(role, 'patients.remove');

const byStatus: Record<PatientStatus, readonly PatientAction[]> = {
  registered: ['onboard', 'edit', 'remove'],
  onboarded: ['discharge', 'change_therapist', 'edit', 'remove'],
  // The therapist is kept through a discharge, and a re-onboard starts the new episode with them.
  discharged: ['re_onboard', 'change_therapist', 'edit', 'remove'],
  removed: [],
};

/** What the person may do with a patient now: the lifecycle allows it and the role may do it. */
export const patientActions = (status: PatientStatus, role: Role): PatientAction[] =>
  byStatus[status].filter((action) => action !== 'remove' || canRemovePatients(role));

export const patientActionLabels: Record<PatientAction, string> = {
  onboard: 'Onboard',
  discharge: 'Discharge',
  re_onboard: 'Re-onboard',
  change_therapist: 'Change therapist',
  edit: 'Edit details',
  remove: 'Remove',
};
