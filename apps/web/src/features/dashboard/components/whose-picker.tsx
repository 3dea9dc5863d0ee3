import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import type { SessionUser } from '@web/lib/session/get-current-user.ts';
import { useTreatingTherapists } from '@web/lib/staff/get-treating-therapists.ts';

/** The default view of a caller: their own patients when they treat (supervisors), the clinic's otherwise. */
export const defaultViewLabel = (user: SessionUser) =>
  user.role === 'manager' ? 'All patients of the clinic' : 'Your patients';

type Props = {
  user: SessionUser;
  /** The therapist chosen in the address; null: the caller's default view. */
  therapistId: number | null;
  onChange: (therapistId: number | null) => void;
};

/** Whose patients the figures count: a manager or supervisor may look at one therapist's. */
export function WhosePicker({ user, therapistId, onChange }: Props) {
  const therapists = useTreatingTherapists();
  const options = [
    { value: 0, label: defaultViewLabel(user) },
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
        value={therapistId ?? 0}
        onChange={(id) => onChange(id === 0 ? null : id)}
        hint={therapists.isError ? 'The clinic’s therapists could not be loaded.' : undefined}
      />
    </div>
  );
}
