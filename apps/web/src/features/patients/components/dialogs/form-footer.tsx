import { Button } from '@web/components/ui/button/button.tsx';

/** Cancel and submit for a form that lives in a dialog body while its buttons sit in the footer. */
export function FormFooter({
  formId,
  submitLabel,
  isSubmitting,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </>
  );
}
