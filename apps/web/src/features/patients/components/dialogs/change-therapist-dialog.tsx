import { zodResolver } from '@hookform/resolvers/zod';
import { changeTherapistBodySchema, type Patient } from '@rehabit/contract';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import { useChangeTherapist } from '@web/features/patients/api/change-therapist.ts';
import { choiceProps, withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { Controller, useForm } from 'react-hook-form';
import { TherapistField } from '../fields/therapist-field.tsx';

export function ChangeTherapistDialog({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(changeTherapistBodySchema),
    defaultValues: { therapist_id: patient.therapist?.id },
  });
  const change = useChangeTherapist();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, ['therapist_id'], async ({ therapist_id }) => {
      const updated = await change.mutateAsync({ id: patient.id, therapistId: therapist_id });
      notify.success(`${updated.therapist?.display_name ?? 'The new therapist'} now treats ${updated.display_name}`);
      onClose();
    }),
  );

  return (
    <FormDialog
      title={`Change therapist of ${patient.display_name}`}
      description={
        patient.therapist ? `${patient.therapist.display_name} treats this patient now.` : 'No therapist is assigned.'
      }
      onClose={onClose}
      formLabel="Change therapist"
      className="dialog-form"
      onSubmit={onSubmit}
      submitLabel="Save"
      isSubmitting={isSubmitting}
      refusal={errors.root?.server?.message}
    >
      <Controller
        control={form.control}
        name="therapist_id"
        render={(props) => (
          <TherapistField
            {...choiceProps(props, 'Choose the new therapist')}
            clinicCode={patient.clinic.code}
            label="New therapist"
          />
        )}
      />
    </FormDialog>
  );
}
