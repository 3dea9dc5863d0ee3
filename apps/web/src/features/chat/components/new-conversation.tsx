import type { ChatSession } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { usePatientSearch } from '@web/features/patients';
import type { SearchRules } from '@web/lib/search-query.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useOpenPatientSession } from '../api/open-session.ts';

/** Eight names from the first character, the earlier ones shown until the next answer replaces them. */
const CHAT_PATIENT_SEARCH: SearchRules = { matches: 8, startsAt: 1, keepsEarlier: true };

/** Finds a patient of the clinic by name and opens (or creates) their conversation. */
export function NewConversation({ onOpened }: { onOpened: (session: ChatSession) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const patients = usePatientSearch(debounced, CHAT_PATIENT_SEARCH);
  const open = useOpenPatientSession();

  if (!isOpen) {
    return (
      <div className="chat-new">
        <Button
          variant="secondary"
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setOpen(true)}
        >
          New conversation
        </Button>
      </div>
    );
  }
  const results = debounced ? (patients.data?.results ?? []) : [];
  return (
    <div className="chat-new">
      <div className="chat-new__field">
        <TextField
          label="Find a patient"
          type="search"
          placeholder="Name, phone, e-mail or birthday"
          autoComplete="off"
          value={search}
          // The person just asked to search.
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setOpen(false);
            }
          }}
        />
      </div>
      {debounced && patients.isSuccess && results.length === 0 && <p className="chat-new__none">No patient found.</p>}
      {results.length > 0 && (
        <ul className="chat-new__results" aria-label="Patients">
          {results.map((patient) => (
            <li key={patient.id}>
              <button
                type="button"
                className="chat-new__result"
                disabled={open.isPending}
                onClick={() => open.mutate(patient.id, { onSuccess: onOpened })}
              >
                {patient.first_name} {patient.last_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
