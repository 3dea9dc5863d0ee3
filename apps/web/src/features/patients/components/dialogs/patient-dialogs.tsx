import type { ClinicRef, Patient } from '@rehabit/contract';
import { lazy, Suspense } from 'react';
import type { PatientAction } from '../patient-actions.ts';
import { ChangeTherapistDialog } from './change-therapist-dialog.tsx';
import { LifecycleDialog } from './lifecycle-dialog.tsx';
import { OnboardDialog } from './onboard-dialog.tsx';
import { RemoveDialog } from './remove-dialog.tsx';
import '../patients.css';

// The registration form brings the calendar; the list loads it only when the form is opened.
const PatientFormDialog = lazy(() =>
  import('./patient-form-dialog.tsx').then((m) => ({ default: m.PatientFormDialog })),
);

/** Which dialog of the patient screens is open, and for whom. */
export type PatientDialogState =
  | { kind: 'register'; clinic: ClinicRef }
  | { kind: 'edit' | 'onboard' | 'change_therapist' | 'remove'; patient: Patient }
  | { kind: 'discharge' | 're_onboard'; patients: readonly Patient[] };

/** The dialog an action opens, for one patient. */
export const dialogFor = (action: PatientAction, patient: Patient): PatientDialogState =>
  action === 'discharge' || action === 're_onboard' ? { kind: action, patients: [patient] } : { kind: action, patient };

type PatientDialogsProps = {
  state: PatientDialogState | null;
  onClose: () => void;
  /** After a discharge or re-onboard went through (e.g. to clear a selection). */
  onLifecycleDone?: () => void;
  onRemoved?: () => void;
};

export function PatientDialogs({ state, onClose, onLifecycleDone, onRemoved }: PatientDialogsProps) {
  if (!state) return null;
  switch (state.kind) {
    case 'register':
      return (
        <Suspense fallback={null}>
          <PatientFormDialog clinic={state.clinic} onClose={onClose} />
        </Suspense>
      );
    case 'edit':
      return (
        <Suspense fallback={null}>
          <PatientFormDialog patient={state.patient} onClose={onClose} />
        </Suspense>
      );
    case 'onboard':
      return <OnboardDialog patient={state.patient} onClose={onClose} />;
    case 'change_therapist':
      return <ChangeTherapistDialog patient={state.patient} onClose={onClose} />;
    case 'remove':
      return <RemoveDialog patient={state.patient} onClose={onClose} onRemoved={onRemoved} />;
    case 'discharge':
    case 're_onboard':
      return <LifecycleDialog kind={state.kind} patients={state.patients} onClose={onClose} onDone={onLifecycleDone} />;
  }
}
