import { zodResolver } from '@hookform/resolvers/zod';
import { isTreatingRole, onboardBodySchema, type Patient } from '@rehabit/contract';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import { useOnboardPatient } from '@web/features/patients/api/onboard-patient.ts';
import { useCurrentUser } from '@web/features/session';
import { choiceProps, withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { Controller, useForm } from 'react-hook-form';
import { Icd10Field } from '../fields/icd10-field.tsx';
import { TherapistField } from '../fields/therapist-field.tsx';

const fields = ['diagnosis', 'therapist'] as const;

/** Onboarding starts the RTM episode: a diagnosis and the treating therapist are both needed. */
export function OnboardDialog({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const user = useCurrentUser().data;
  const canTreat = user ? isTreatingRole(user.role) : false;
  const form = useForm({
    resolver: zodResolver(onboardBodySchema),
    defaultValues: {
      diagnosis: patient.diagnosis ?? '',
      // Whoever onboards usually treats; the patient's earlier therapist wins when there is one.
      therapist: patient.therapist?.id ?? (canTreat ? user?.id : undefined),
    },
  });
  const onboard = useOnboardPatient();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (body) => {
      const updated = await onboard.mutateAsync({ id: patient.id, body });
      notify.success(`${updated.display_name} is onboarded`);
      onClose();
    }),
  );

  return (
    <FormDialog
      title={`Onboard ${patient.display_name}`}
      description="Onboarding starts the remote monitoring episode with this diagnosis and therapist."
      onClose={onClose}
      formLabel="Onboard patient"
      className="dialog-form"
      onSubmit={onSubmit}
      submitLabel="Onboard"
      isSubmitting={isSubmitting}
      refusal={errors.root?.server?.message}
    >
      <Controller
        control={form.control}
        name="diagnosis"
        render={({ field, fieldState }) => (
          <Icd10Field
            ref={field.ref}
            required
            value={field.value}
            description={field.value === patient.diagnosis ? patient.diagnosis_description : undefined}
            onChange={(code) => field.onChange(code ?? '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="therapist"
        render={(props) => (
          <TherapistField {...choiceProps(props, 'Choose the treating therapist')} clinicCode={patient.clinic.code} />
        )}
      />
    </FormDialog>
  );
}
