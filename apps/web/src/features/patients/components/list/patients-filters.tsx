import { type ListedPatientStatus, listedPatientStatuses, patientStatusLabels } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Search } from 'lucide-react';

type StatusFilter = ListedPatientStatus | '';

// Removed patients are never listed, so they are no filter either.
const statusOptions: { value: StatusFilter; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...listedPatientStatuses.map((value) => ({ value, label: patientStatusLabels[value] })),
];

type PatientsFiltersProps = {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  isCloseOnly: boolean;
  onCloseOnlyChange: (isCloseOnly: boolean) => void;
  isCallNeededOnly: boolean;
  onCallNeededOnlyChange: (isCallNeededOnly: boolean) => void;
  isQuietOnly: boolean;
  onQuietOnlyChange: (isQuietOnly: boolean) => void;
};

/**
 * The filters in one row: a search that waits for typing to pause, the status, who is close to an RTM threshold,
 * who needs a call this month and who went quiet in the chat.
 */
export function PatientsFilters(props: PatientsFiltersProps) {
  const { search, onSearchChange, status, onStatusChange, isCloseOnly, onCloseOnlyChange } = props;
  return (
    <div className="list-filters">
      <div className="list-filters__search">
        <Search className="list-filters__icon" size={18} aria-hidden="true" />
        <TextField
          label="Search patients"
          type="search"
          placeholder="Name, phone, e-mail or birthday"
          autoComplete="off"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <div className="list-filters__select">
        <Dropdown label="Status" options={statusOptions} value={status} onChange={onStatusChange} />
      </div>
      <Checkbox
        className="list-filters__check"
        label="Close to a threshold this month"
        checked={isCloseOnly}
        onChange={(event) => onCloseOnlyChange(event.target.checked)}
      />
      <Checkbox
        className="list-filters__check"
        label="Call needed this month"
        checked={props.isCallNeededOnly}
        onChange={(event) => props.onCallNeededOnlyChange(event.target.checked)}
      />
      <Checkbox
        className="list-filters__check"
        label="Quiet in chat 30+ days"
        checked={props.isQuietOnly}
        onChange={(event) => props.onQuietOnlyChange(event.target.checked)}
      />
    </div>
  );
}
