import { zodResolver } from '@hookform/resolvers/zod';
import { type ClinicRef, type Patient, registerPatientBodySchema } from '@rehabit/contract';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { paths } from '@web/config/paths.ts';
import { useRegisterPatient } from '@web/features/patients/api/register-patient.ts';
import { useUpdatePatient } from '@web/features/patients/api/update-patient.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormFooter } from './form-footer.tsx';
import { emptyPatientForm, patientFormFields, patientToForm } from './patient-form.ts';
import { PatientFormFields } from './patient-form-fields.tsx';

type Props = ({ patient: Patient; clinic?: never } | { clinic: ClinicRef; patient?: never }) & { onClose: () => void };

/** Registers a patient in a clinic (`clinic` given), or edits the details of one (`patient` given). */
export function PatientFormDialog({ patient, clinic, onClose }: Props) {
  const formId = useId();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(registerPatientBodySchema),
    defaultValues: patient ? patientToForm(patient) : emptyPatientForm,
  });
  const register = useRegisterPatient();
  const update = useUpdatePatient();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, patientFormFields, async (body) => {
      if (patient) {
        await update.mutateAsync({ id: patient.id, body });
        notify.success('The details are saved');
        onClose();
      } else if (clinic) {
        const created = await register.mutateAsync({ body, clinicCode: clinic.code });
        notify.success(`${created.display_name} is registered`);
        onClose();
        navigate(paths.patientDashboard.getHref(created.id));
      }
    }),
  );

  return (
    <Modal
      isOpen
      onClose={onClose}
      size="lg"
      title={patient ? `Edit ${patient.display_name}` : 'Register a patient'}
      description={
        clinic &&
        `The patient joins ${clinic.name}. Onboard them afterwards, with the diagnosis and therapist, to start monitoring.`
      }
      footer={
        <FormFooter
          formId={formId}
          submitLabel={patient ? 'Save details' : 'Register patient'}
          isSubmitting={isSubmitting}
          onCancel={onClose}
        />
      }
    >
      <form
        id={formId}
        className="dialog-form"
        onSubmit={onSubmit}
        noValidate
        aria-label={patient ? 'Edit patient details' : 'Register a patient'}
      >
        {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
        <PatientFormFields
          form={form}
          savedDiagnosis={patient?.diagnosis}
          savedDescription={patient?.diagnosis_description}
        />
      </form>
    </Modal>
  );
}
