import { can } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import type { SessionUser } from '@web/features/session';
import { ClipboardPlus } from 'lucide-react';
import { useState } from 'react';
import { AssignTaskDialog } from './assign-task-dialog.tsx';

/** "Assign a task" about one patient, from the patient's dashboard: the patient is fixed. */
export function AssignTaskButton({
  user,
  patient,
}: {
  user: SessionUser;
  patient: { id: number; displayName: string };
}) {
  const [isOpen, setOpen] = useState(false);
  if (!can(user.role, 'tasks.work')) return null;
  return (
    <>
      <Button variant="secondary" icon={<ClipboardPlus size={18} aria-hidden="true" />} onClick={() => setOpen(true)}>
        Assign a task
      </Button>
      {isOpen && <AssignTaskDialog user={user} patient={patient} onClose={() => setOpen(false)} />}
    </>
  );
}
