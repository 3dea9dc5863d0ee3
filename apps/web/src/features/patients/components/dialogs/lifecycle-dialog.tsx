import type { Patient, PatientStatus } from '@rehabit/contract';
import { patientStatusLabels } from '@rehabit/contract';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { useDischargePatients } from '@web/features/patients/api/discharge-patients.ts';
import { useReOnboardPatients } from '@web/features/patients/api/re-onboard-patients.ts';
import { notify } from '@web/lib/notify.ts';

export type LifecycleKind = 'discharge' | 're_onboard';

const copy: Record<
  LifecycleKind,
  { from: PatientStatus; verb: string; done: string; explain: string; tone: 'primary' | 'danger' }
> = {
  discharge: {
    from: 'onboarded',
    verb: 'Discharge',
    done: 'discharged',
    explain: 'Discharge ends the monitoring episode: no more RTM time or data days count until a re-onboard.',
    tone: 'danger',
  },
  re_onboard: {
    from: 'discharged',
    verb: 'Re-onboard',
    done: 're-onboarded',
    explain: 'Re-onboarding starts a new monitoring episode with the same diagnosis and therapist.',
    tone: 'primary',
  },
};

const count = (n: number) => (n === 1 ? '1 patient' : `${n} patients`);

/** Discharge or re-onboard one or many patients, all or nothing; a refusal is shown with the names it is about. */
export function LifecycleDialog({
  kind,
  patients,
  onClose,
  onDone,
}: {
  kind: LifecycleKind;
  patients: readonly Patient[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const discharge = useDischargePatients();
  const reOnboard = useReOnboardPatients();
  const mutation = kind === 'discharge' ? discharge : reOnboard;
  const text = copy[kind];
  const blocking = patients.filter((patient) => patient.status !== text.from);
  const subject = patients.length === 1 ? patients[0]!.display_name : count(patients.length);

  const confirm = () =>
    mutation.mutate(
      { patient_ids: patients.map((patient) => patient.id) },
      {
        onSuccess: ({ results }) => {
          notify.success(`${results.length === 1 ? results[0]!.display_name : count(results.length)} ${text.done}`);
          onDone?.();
          onClose();
        },
      },
    );

  return (
    <ConfirmDialog
      isOpen
      onClose={onClose}
      onConfirm={confirm}
      title={`${text.verb} ${subject}?`}
      confirmLabel={text.verb}
      tone={text.tone}
      isPending={mutation.isPending}
      error={mutation.error ?? undefined}
    >
      <p>{text.explain}</p>
      {patients.length > 1 && (
        <ul className="dialog-list">
          {patients.map((patient) => (
            <li key={patient.id}>{patient.display_name}</li>
          ))}
        </ul>
      )}
      {mutation.isError && blocking.length > 0 && (
        <p>
          Only {patientStatusLabels[text.from].toLowerCase()} patients can be {text.done}. Not possible for:{' '}
          {blocking.map((patient) => `${patient.display_name} (${patientStatusLabels[patient.status]})`).join(', ')}.
        </p>
      )}
    </ConfirmDialog>
  );
}
