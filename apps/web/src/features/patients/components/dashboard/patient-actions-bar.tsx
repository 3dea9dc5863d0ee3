import type { Patient } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { DownloadButton } from '@web/components/ui/button/download-button.tsx';
import type { SessionUser } from '@web/features/session';
import { useDownloadFhirRecord } from '../../api/download-fhir-record.ts';
import { type PatientAction, patientActionLabels, patientActions } from '../patient-actions.ts';

const variants: Record<PatientAction, 'primary' | 'secondary' | 'ghost'> = {
  onboard: 'primary',
  re_onboard: 'primary',
  discharge: 'secondary',
  change_therapist: 'secondary',
  edit: 'secondary',
  remove: 'ghost',
};

/**
 * Every action open to this person for this patient, as buttons: few enough to show them all; and the download of
 * the patient's record as FHIR for the clinic's EMR (decision 1425).
 */
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
  const fhir = useDownloadFhirRecord(patient.id);
  return (
    <>
      {patient.status !== 'removed' && (
        <DownloadButton variant="ghost" isLoading={fhir.isPending} onClick={() => fhir.mutate()}>
          Download FHIR record
        </DownloadButton>
      )}
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
