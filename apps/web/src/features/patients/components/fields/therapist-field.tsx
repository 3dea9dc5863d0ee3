import { nameWithRole } from '@rehabit/contract';
import { type StaffChoice, StaffField, useTreatingTherapists } from '@web/features/staff';

type TherapistFieldProps = StaffChoice & {
  /** The patient's clinic: only its staff may treat the patient, whichever clinic the list shows. */
  clinicCode: string;
  label?: string;
};

/** The treating therapist: approved therapists and the supervisor of the patient's clinic who have access. */
export function TherapistField({ clinicCode, label = 'Therapist', ...choice }: TherapistFieldProps) {
  return (
    <StaffField
      {...choice}
      label={label}
      staff={useTreatingTherapists(clinicCode)}
      nameOf={(member) => nameWithRole(member.display_name, member.role)}
      hints={{
        loading: 'Loading the clinic’s therapists…',
        failed: 'The therapist list could not be loaded. Close this window and try again.',
        none: 'No therapist of the clinic has access yet. The supervisor approves staff on the Therapists page.',
      }}
    />
  );
}
