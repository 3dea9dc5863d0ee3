import { zodResolver } from '@hookform/resolvers/zod';
import { type ClinicRef, type Patient, registerPatientBodySchema } from '@rehabit/contract';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import { paths } from '@web/config/paths.ts';
import { useRegisterPatient } from '@web/features/patients/api/register-patient.ts';
import { useUpdatePatient } from '@web/features/patients/api/update-patient.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { emptyPatientForm, patientFormFields, patientToForm } from './patient-form.ts';
import { PatientFormFields } from './patient-form-fields.tsx';

type Props = ({ patient: Patient; clinic?: never } | { clinic: ClinicRef; patient?: never }) & { onClose: () => void };

/** Registers a patient in a clinic (`clinic` given), or edits the details of one (`patient` given). */
export function PatientFormDialog({ patient, clinic, onClose }: Props) {
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
    <FormDialog
      title={patient ? `Edit ${patient.display_name}` : 'Register a patient'}
      description={
        clinic &&
        `The patient joins ${clinic.name}. Onboard them afterwards, with the diagnosis and therapist, to start monitoring.`
      }
      size="lg"
      onClose={onClose}
      formLabel={patient ? 'Edit patient details' : 'Register a patient'}
      className="dialog-form"
      onSubmit={onSubmit}
      submitLabel={patient ? 'Save details' : 'Register patient'}
      isSubmitting={isSubmitting}
      refusal={errors.root?.server?.message}
    >
      <PatientFormFields
        form={form}
        savedDiagnosis={patient?.diagnosis}
        savedDescription={patient?.diagnosis_description}
      />
    </FormDialog>
  );
}
