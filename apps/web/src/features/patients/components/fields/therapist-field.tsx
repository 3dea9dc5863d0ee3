import { nameWithRole } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { useTreatingTherapists } from '@web/features/staff';
import type { Ref } from 'react';

type TherapistFieldProps = {
  /** The patient's clinic: only its staff may treat the patient, whichever clinic the list shows. */
  clinicCode: string;
  value: unknown;
  onChange: (id: number) => void;
  onBlur?: () => void;
  label?: string;
  error?: string;
  ref?: Ref<{ focus: () => void }>;
};

/** The treating therapist: approved therapists and the supervisor of the patient's clinic who have access. */
export function TherapistField({
  clinicCode,
  value,
  onChange,
  onBlur,
  label = 'Therapist',
  error,
  ref,
}: TherapistFieldProps) {
  const therapists = useTreatingTherapists(clinicCode);
  const options = (therapists.data ?? []).map((member) => ({
    value: member.id,
    label: nameWithRole(member.display_name, member.role),
  }));
  const hint = therapists.isPending
    ? 'Loading the clinic’s therapists…'
    : therapists.isError
      ? 'The therapist list could not be loaded. Close this window and try again.'
      : options.length === 0
        ? 'No therapist of the clinic has access yet. The supervisor approves staff on the Therapists page.'
        : undefined;
  return (
    <Dropdown
      ref={ref}
      label={label}
      required
      options={options}
      value={typeof value === 'number' ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      disabled={therapists.isPending}
      hint={hint}
      error={error}
    />
  );
}
