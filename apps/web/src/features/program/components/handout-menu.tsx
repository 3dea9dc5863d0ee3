import { ActionMenu } from '@web/components/ui/action-menu/action-menu.tsx';
import { Printer } from 'lucide-react';
import { useDownloadHandout } from '../api/download-handout.ts';

/**
 * "Print handout": the program as a PDF for the patient to take home, in English or Spanish (decision 1395). The
 * browser saves it; the therapist prints it from there.
 */
export function HandoutMenu({ patientId }: { patientId: number }) {
  const handout = useDownloadHandout(patientId);
  return (
    <ActionMenu
      label="Print handout in a language"
      text={handout.isPending ? 'Preparing handout…' : 'Print handout'}
      items={[
        { key: 'en', label: 'English', icon: Printer, onSelect: () => handout.mutate('en') },
        { key: 'es', label: 'Spanish (Español)', icon: Printer, onSelect: () => handout.mutate('es') },
      ]}
    />
  );
}
