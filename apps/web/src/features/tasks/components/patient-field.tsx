import { formatDate } from '@web/components/ui/format/format.ts';
import { type SearchOption, SearchSelect } from '@web/components/ui/search-select/search-select.tsx';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useState } from 'react';
import { usePatientSearch } from '../api/search-patients.ts';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  selected: SearchOption<number> | null;
  onSelect: (option: SearchOption<number> | null) => void;
  error?: string;
};

/** The patient a task is about, found by name, phone or birthday; optional. */
export function PatientField({ selected, onSelect, error }: Props) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const patients = usePatientSearch(search);
  const options = (patients.data?.results ?? []).map((patient) => ({
    value: patient.id,
    label: patient.display_name,
    detail: `born ${formatDate(patient.birthday)}`,
  }));
  return (
    <SearchSelect
      label="Patient"
      selected={selected}
      onSelect={onSelect}
      query={query}
      onQueryChange={(typed) => {
        setQuery(typed);
        // Emptying the field means the task is about no patient.
        if (typed.trim() === '') onSelect(null);
      }}
      options={options}
      isLoading={patients.isFetching}
      emptyText={patients.isError ? 'The search failed. Try again.' : 'No patient matches what you typed.'}
      placeholder="Name, phone or birthday (optional)"
      hint="Leave empty for a task about no patient."
      error={error}
    />
  );
}
