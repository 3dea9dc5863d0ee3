import type { Patient } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import type { SessionUser } from '@web/features/session';
import { type PatientAction, patientActionLabels, patientActions } from '../patient-actions.ts';

const variants: Record<PatientAction, 'primary' | 'secondary' | 'ghost'> = {
  onboard: 'primary',
  re_onboard: 'primary',
  discharge: 'secondary',
  change_therapist: 'secondary',
  edit: 'secondary',
  remove: 'ghost',
};

/** Every action open to this person for this patient, as buttons: few enough to show them all. */
export function PatientActionsBar({
  patient,
  user,
  onAction,
}: {
  patient: Patient;
  user: SessionUser;
  onAction: (action: PatientAction) => void;
}) {
  const actions = patientActions(patient.status, user.role);
  // Edits first, then the lifecycle step as the primary button, and removal apart at the end.
  const ordered = [...actions].sort((a, b) => order(a) - order(b));
  return (
    <>
      {ordered.map((action) => (
        <Button
          key={action}
          variant={variants[action]}
          className={action === 'remove' ? 'btn--danger-text' : undefined}
          onClick={() => onAction(action)}
        >
          {patientActionLabels[action]}
        </Button>
      ))}
    </>
  );
}

const sequence: readonly PatientAction[] = ['edit', 'change_therapist', 'discharge', 'onboard', 're_onboard', 'remove'];
const order = (action: PatientAction) => sequence.indexOf(action);
