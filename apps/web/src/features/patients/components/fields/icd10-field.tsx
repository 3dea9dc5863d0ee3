import { type SearchOption, SearchSelect } from '@web/components/ui/search-select/search-select.tsx';
import { useIcd10Search } from '@web/features/patients/api/search-icd10.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { type Ref, useState } from 'react';

export const ICD10_SEARCH_DEBOUNCE_MS = 250;

type Icd10FieldProps = {
  /** The chosen code, e.g. `M54.50`; empty while none is chosen. */
  value: string | null | undefined;
  /** The description of the code given as `value`, when it came from a saved patient. */
  description?: string | null;
  onChange: (code: string | undefined) => void;
  onBlur?: () => void;
  label?: string;
  error?: string;
  required?: boolean;
  ref?: Ref<{ focus: () => void }>;
};

/** Diagnosis by ICD-10 code: the person types words or a code, the API ranks the matches. */
export function Icd10Field({
  value,
  description,
  onChange,
  onBlur,
  label = 'Diagnosis (ICD-10)',
  error,
  required,
  ref,
}: Icd10FieldProps) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<SearchOption<string> | null>(null);
  const search = useDebouncedValue(query, ICD10_SEARCH_DEBOUNCE_MS);
  const answers = useIcd10Search(search);
  const isWaiting = query.trim().length >= 2 && (query !== search || answers.isFetching);

  // The field shows what was chosen here, or the saved code with its description.
  const selected = !value
    ? null
    : chosen?.value === value
      ? chosen
      : { value, label: value, detail: description ?? undefined };
  const options = (answers.data?.results ?? []).map((item) => ({
    value: item.code,
    label: item.code,
    detail: item.description,
  }));

  return (
    <SearchSelect
      ref={ref}
      label={label}
      required={required}
      selected={selected}
      onSelect={(option) => {
        setChosen(option);
        onChange(option?.value);
      }}
      query={query}
      onQueryChange={setQuery}
      options={query.trim().length >= 2 ? options : []}
      isLoading={isWaiting}
      emptyText={
        answers.isError
          ? 'The code list could not be searched. Try again in a moment.'
          : query.trim().length < 2
            ? 'Type at least two letters or digits.'
            : 'No ICD-10 code matches. Try other words or the code itself.'
      }
      placeholder="Search by words or code, e.g. low back pain"
      hint={error ? undefined : 'Type words such as "low back" or a code such as M54.5.'}
      error={error}
      onBlur={onBlur}
    />
  );
}
