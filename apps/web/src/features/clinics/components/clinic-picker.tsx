import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { useClinicChoices } from '@web/features/clinics/api/get-clinic-choices.ts';
import { ALL_CLINICS } from '@web/features/clinics/clinic-choice.ts';

type ClinicPickerProps = {
  /** The chosen clinic's code; null: every clinic. */
  value: string | null;
  onChange: (code: string | null) => void;
  /** Whether every clinic is a choice; a screen that shows one clinic at a time (the balances) leaves it out. */
  offersAll?: boolean;
};

/**
 * The platform admin's choice of clinic (decision 1150): every clinic, or one of them by name, in the app's
 * select-only combobox (type-ahead finds a clinic among many). A code chosen in the address that no clinic has stays
 * shown as it is, so the list's "not found" is understood.
 */
export function ClinicPicker({ value, onChange, offersAll = true }: ClinicPickerProps) {
  const choices = useClinicChoices();
  const options = [
    ...(offersAll ? [{ value: '', label: ALL_CLINICS }] : []),
    ...(choices.data ?? []).map((clinic) => ({ value: clinic.code, label: `${clinic.name} (${clinic.code})` })),
  ];
  if (value && !options.some((option) => option.value === value)) {
    options.push({ value, label: choices.isPending ? 'Loading…' : value });
  }
  return (
    <Dropdown
      label="Clinic"
      options={options}
      value={value ?? ''}
      onChange={(code) => onChange(code || null)}
      hint={choices.isError ? 'The clinics could not be loaded; reload the page to try again.' : undefined}
    />
  );
}
