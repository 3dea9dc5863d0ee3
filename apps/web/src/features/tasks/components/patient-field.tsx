import { formatDate } from '@web/components/ui/format/format.ts';
import { AsyncSearchField, type SearchFieldChoice } from '@web/components/ui/search-select/async-search-field.tsx';
import { usePatientSearch } from '../api/search-patients.ts';

/** The patient a task is about, found by name, phone or birthday; optional: emptying it means no patient. */
export function PatientField(props: SearchFieldChoice) {
  return (
    <AsyncSearchField
      {...props}
      label="Patient"
      placeholder="Name, phone or birthday (optional)"
      hint="Leave empty for a task about no patient."
      noMatchText="No patient matches what you typed."
      useSearch={usePatientSearch}
      toOption={(patient) => ({
        value: patient.id,
        label: patient.display_name,
        detail: `born ${formatDate(patient.birthday)}`,
      })}
    />
  );
}
