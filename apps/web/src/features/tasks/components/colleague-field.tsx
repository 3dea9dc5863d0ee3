import { nameWithRole } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import type { SessionUser } from '@web/features/session';
import { useColleagues } from '@web/features/staff';
import type { Ref } from 'react';

type Props = {
  user: SessionUser;
  value: unknown;
  onChange: (id: number) => void;
  onBlur?: () => void;
  error?: string;
  ref?: Ref<{ focus: () => void }>;
};

/** The colleague who should do it: therapists, office managers and the supervisor with access, the caller too. */
export function ColleagueField({ user, value, onChange, onBlur, error, ref }: Props) {
  const colleagues = useColleagues();
  const options = (colleagues.data ?? []).map((member) => ({
    value: member.id,
    label: member.id === user.id ? `${member.display_name} (you)` : nameWithRole(member.display_name, member.role),
  }));
  const hint = colleagues.isPending
    ? 'Loading the clinic’s staff…'
    : colleagues.isError
      ? 'The clinic’s staff could not be loaded. Close this window and try again.'
      : undefined;
  return (
    <Dropdown
      ref={ref}
      label="Colleague"
      required
      options={options}
      value={typeof value === 'number' ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      disabled={colleagues.isPending}
      hint={hint}
      error={error}
    />
  );
}
