import type { Patient } from '@rehabit/contract';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { useRemovePatient } from '@web/features/patients/api/remove-patient.ts';
import { notify } from '@web/lib/notify.ts';

export function RemoveDialog({
  patient,
  onClose,
  onRemoved,
}: {
  patient: Patient;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const remove = useRemovePatient();
  const confirm = () =>
    remove.mutate(patient.id, {
      onSuccess: () => {
        notify.success(`${patient.display_name} was removed`);
        onClose();
        onRemoved?.();
      },
    });
  return (
    <ConfirmDialog
      isOpen
      onClose={onClose}
      onConfirm={confirm}
      title={`Remove ${patient.display_name}?`}
      confirmLabel="Remove patient"
      tone="danger"
      isPending={remove.isPending}
      error={remove.error ?? undefined}
    >
      <p>
        {patient.display_name} leaves every list and any open monitoring episode ends. Their records stay for audits and
        billing history.
      </p>
    </ConfirmDialog>
  );
}
