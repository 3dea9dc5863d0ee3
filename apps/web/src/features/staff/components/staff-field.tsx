import type { StaffMember } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import type { Ref } from 'react';

/** What the field needs of a staff query: its members once read, and whether they are on their way or failed. */
type StaffList = { data?: readonly StaffMember[]; isPending: boolean; isError: boolean };

/** The field's words under it while the list loads, when it failed, and when it holds no one. */
type StaffFieldHints = { loading: string; failed: string; none?: string };

export type StaffChoice = {
  value: unknown;
  onChange: (id: number) => void;
  onBlur?: () => void;
  error?: string;
  ref?: Ref<{ focus: () => void }>;
};

type StaffFieldProps = StaffChoice & {
  label: string;
  staff: StaffList;
  /** How a member is named in the list. */
  nameOf: (member: StaffMember) => string;
  hints: StaffFieldHints;
};

/** A required choice of one staff member from a list read from the server; closed until the list has come. */
export function StaffField({ label, staff, nameOf, hints, value, onChange, onBlur, error, ref }: StaffFieldProps) {
  const options = (staff.data ?? []).map((member) => ({ value: member.id, label: nameOf(member) }));
  const hint = staff.isPending
    ? hints.loading
    : staff.isError
      ? hints.failed
      : options.length === 0
        ? hints.none
        : undefined;
  return (
    <Dropdown
      ref={ref}
      label={label}
      required
      options={options}
      value={typeof value === 'number' ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      disabled={staff.isPending}
      hint={hint}
      error={error}
    />
  );
}
