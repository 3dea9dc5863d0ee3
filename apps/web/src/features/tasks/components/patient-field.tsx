import { formatDate } from '@web/components/ui/format/format.ts';
import { AsyncSearchField, type SearchFieldChoice } from '@web/components/ui/search-select/async-search-field.tsx';
import { usePatientSearch } from '@web/features/patients';
import type { SearchRules } from '@web/lib/search-query.ts';

/** Ten matches from the second character, each answer standing a minute, as the video field of a request. */
const TASK_PATIENT_SEARCH: SearchRules = { matches: 10, startsAt: 2, keepsEarlier: false, freshFor: 60_000 };
const useTaskPatientSearch = (search: string) => usePatientSearch(search, TASK_PATIENT_SEARCH);

/** The patient a task is about, found by name, phone or birthday; optional: emptying it means no patient. */
export function PatientField(props: SearchFieldChoice) {
  return (
    <AsyncSearchField
      {...props}
      label="Patient"
      placeholder="Name, phone or birthday (optional)"
      hint="Leave empty for a task about no patient."
      noMatchText="No patient matches what you typed."
      useSearch={useTaskPatientSearch}
      toOption={(patient) => ({
        value: patient.id,
        label: patient.display_name,
        detail: `born ${formatDate(patient.birthday)}`,
      })}
    />
  );
}
