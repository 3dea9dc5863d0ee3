import type { Patient } from '@rehabit/contract';
import { ActionMenu, type ActionMenuItem } from '@web/components/ui/action-menu/action-menu.tsx';
import type { SessionUser } from '@web/features/session';
import { ArrowRightLeft, LogOut, Pencil, RotateCcw, Trash2, UserCheck } from 'lucide-react';
import { type PatientAction, patientActionLabels, patientActions } from '../patient-actions.ts';

const icons = {
  onboard: UserCheck,
  discharge: LogOut,
  re_onboard: RotateCcw,
  change_therapist: ArrowRightLeft,
  edit: Pencil,
  remove: Trash2,
} as const;

/** The lifecycle actions open for this patient and this person's role, in one menu. */
export function PatientRowActions({
  patient,
  user,
  onAction,
}: {
  patient: Patient;
  user: SessionUser;
  onAction: (action: PatientAction, patient: Patient) => void;
}) {
  const items: ActionMenuItem[] = patientActions(patient.status, user.role).map((action) => ({
    key: action,
    label: patientActionLabels[action],
    icon: icons[action],
    tone: action === 'remove' ? 'danger' : undefined,
    onSelect: () => onAction(action, patient),
  }));
  if (items.length === 0) return null;
  return <ActionMenu label={`Actions for ${patient.display_name}`} items={items} />;
}
