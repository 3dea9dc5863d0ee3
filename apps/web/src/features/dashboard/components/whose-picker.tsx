import { isTreatingRole } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import type { SessionUser } from '@web/features/session';
import { useTreatingTherapists } from '@web/features/staff';
import type { Whose } from '../api/get-dashboard.ts';

/**
 * The default view of a caller, as the API decides it: their own patients when they treat (therapists,
 * supervisors), the clinic's otherwise (office managers).
 */
export const defaultViewLabel = (user: SessionUser) =>
  isTreatingRole(user.role) ? 'Your patients' : 'All patients of the clinic';

type Props = {
  user: SessionUser;
  whose: Whose;
  onChange: (whose: Whose) => void;
};

// The dropdown's values: therapists by id, and two views that are nobody's id.
const DEFAULT_VIEW = 0;
const WHOLE_CLINIC = -1;

/** Whose patients the figures count: a manager or supervisor may look at one therapist's, a supervisor the clinic's. */
export function WhosePicker({ user, whose, onChange }: Props) {
  const therapists = useTreatingTherapists();
  const therapistId = whose.therapistId;
  // A manager's default view is the clinic already; a supervisor's is their own patients.
  const hasClinicView = isTreatingRole(user.role);
  const options = [
    { value: DEFAULT_VIEW, label: defaultViewLabel(user) },
    ...(hasClinicView ? [{ value: WHOLE_CLINIC, label: 'All patients of the clinic' }] : []),
    ...(therapists.data ?? [])
      .filter((member) => member.id !== user.id)
      .map((member) => ({ value: member.id, label: `Patients of ${member.display_name}` })),
  ];
  if (therapistId && !options.some((option) => option.value === therapistId)) {
    options.push({ value: therapistId, label: 'Patients of the chosen therapist' });
  }
  return (
    <div className="whose-picker">
      <Dropdown
        label="Whose patients"
        options={options}
        value={whose.isWholeClinic ? WHOLE_CLINIC : (therapistId ?? DEFAULT_VIEW)}
        onChange={(id) => onChange({ therapistId: id > 0 ? id : null, isWholeClinic: id === WHOLE_CLINIC })}
        hint={therapists.isError ? 'The clinic’s therapists could not be loaded.' : undefined}
      />
    </div>
  );
}
