import { zodResolver } from '@hookform/resolvers/zod';
import { changeTherapistBodySchema, type Patient } from '@rehabit/contract';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { useChangeTherapist } from '@web/features/patients/api/change-therapist.ts';
import { choiceProps, withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { TherapistField } from '../fields/therapist-field.tsx';
import { FormFooter } from './form-footer.tsx';

export function ChangeTherapistDialog({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const formId = useId();
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
    <Modal
      isOpen
      onClose={onClose}
      title={`Change therapist of ${patient.display_name}`}
      description={
        patient.therapist ? `${patient.therapist.display_name} treats this patient now.` : 'No therapist is assigned.'
      }
      footer={<FormFooter formId={formId} submitLabel="Save" isSubmitting={isSubmitting} onCancel={onClose} />}
    >
      <form id={formId} className="dialog-form" onSubmit={onSubmit} noValidate aria-label="Change therapist">
        {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
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
      </form>
    </Modal>
  );
}
