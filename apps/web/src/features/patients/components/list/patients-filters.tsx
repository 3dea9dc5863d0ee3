import { type ListedPatientStatus, listedPatientStatuses, nameWithRole, patientStatusLabels } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { ClinicPicker } from '@web/features/clinics';
import { useTreatingTherapists } from '@web/features/staff';
import { Search } from 'lucide-react';
import type { BillableFilter, RtmFilter, useListParams } from './use-list-params.ts';

type StatusFilter = ListedPatientStatus | '';

// Those who bill nothing are shown apart from the RTM figures (decision 1240).
const billableOptions: { value: BillableFilter; label: string }[] = [
  { value: '', label: 'All patients' },
  { value: 'yes', label: 'Can bill RTM' },
  { value: 'no', label: 'Not covered or no consent' },
];

// Removed patients are never listed, so they are no filter either.
const statusOptions: { value: StatusFilter; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...listedPatientStatuses.map((value) => ({ value, label: patientStatusLabels[value] })),
];

type ListParams = ReturnType<typeof useListParams>;

type PatientsFiltersProps = {
  search: string;
  onSearchChange: (search: string) => void;
  params: Pick<ListParams, 'status' | 'therapistId' | 'rtm' | 'billable' | 'call' | 'chat' | 'data'>;
  onChange: ListParams['update'];
  /** A platform admin's choice of clinic (decision 1150); staff see their own clinic only. */
  clinic?: { code: string | null; onChange: (code: string | null) => void };
};

/** The treating therapists to filter by; one chosen in the address who no longer treats stays shown. */
function useTherapistOptions(chosen: number | '', clinicCode: string | undefined) {
  const therapists = useTreatingTherapists(clinicCode);
  const options: { value: number | ''; label: string }[] = [
    { value: '', label: 'All therapists' },
    ...(therapists.data ?? []).map((member) => ({
      value: member.id,
      label: nameWithRole(member.display_name, member.role),
    })),
  ];
  if (chosen !== '' && !options.some((option) => option.value === chosen)) {
    options.push({ value: chosen, label: therapists.isPending ? 'Loading…' : 'A former therapist' });
  }
  return options;
}

/**
 * The filters in one row: for a platform admin the clinic first, then a search that waits for typing to pause, the status, the treating therapist, and what
 * needs doing this month: close to an RTM threshold, ready to bill, a call needed, no data for 7 days, quiet in chat.
 */
export function PatientsFilters({ search, onSearchChange, params, onChange, clinic }: PatientsFiltersProps) {
  const therapistOptions = useTherapistOptions(params.therapistId, clinic?.code ?? undefined);
  // `close` and `ready` are two values of one filter: ticking one unticks the other.
  const rtmCheck = (value: Exclude<RtmFilter, ''>, label: string) => (
    <Checkbox
      className="list-filters__check"
      label={label}
      checked={params.rtm === value}
      onChange={(event) => onChange({ rtm: event.target.checked ? value : '' })}
    />
  );
  return (
    <div className="list-filters">
      {clinic && (
        <div className="list-filters__select list-filters__clinic">
          <ClinicPicker value={clinic.code} onChange={clinic.onChange} />
        </div>
      )}
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
        <Dropdown
          label="Status"
          options={statusOptions}
          value={params.status}
          onChange={(status) => onChange({ status })}
        />
      </div>
      <div className="list-filters__select">
        <Dropdown
          label="Therapist"
          options={therapistOptions}
          value={params.therapistId}
          onChange={(therapist_id) => onChange({ therapist_id })}
        />
      </div>
      <div className="list-filters__select">
        <Dropdown
          label="RTM billing"
          options={billableOptions}
          value={params.billable}
          onChange={(billable) => onChange({ billable })}
        />
      </div>
      {rtmCheck('close', 'Close to a threshold this month')}
      {rtmCheck('ready', 'Ready to bill')}
      <Checkbox
        className="list-filters__check"
        label="Call needed this month"
        checked={params.call === 'needed'}
        onChange={(event) => onChange({ call: event.target.checked ? 'needed' : '' })}
      />
      <Checkbox
        className="list-filters__check"
        label="No data for 7 days"
        checked={params.data === 'quiet'}
        onChange={(event) => onChange({ data: event.target.checked ? 'quiet' : '' })}
      />
      <Checkbox
        className="list-filters__check"
        label="Quiet in chat 30+ days"
        checked={params.chat === 'outdated'}
        onChange={(event) => onChange({ chat: event.target.checked ? 'outdated' : '' })}
      />
    </div>
  );
}
