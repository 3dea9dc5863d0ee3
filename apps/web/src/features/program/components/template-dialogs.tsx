import { lazy, Suspense } from 'react';

// The template dialogs load only when opened, so the patient dashboard's chunk stays small.
const StartFromTemplateDialog = lazy(() => import('./start-from-template-dialog.tsx'));
const SaveTemplateDialog = lazy(() => import('./save-template-dialog.tsx'));

export type TemplateDialog = 'start' | 'save' | null;

/** The program section's template dialog that is open, if any. */
export function TemplateDialogs({
  open,
  patientId,
  onClose,
}: {
  open: TemplateDialog;
  patientId: number;
  onClose: () => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'start' ? (
        <StartFromTemplateDialog patientId={patientId} onClose={onClose} />
      ) : (
        <SaveTemplateDialog patientId={patientId} onClose={onClose} />
      )}
    </Suspense>
  );
}
