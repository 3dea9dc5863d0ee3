import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { Button } from '../button/button.tsx';
import { Alert } from '../feedback/alert.tsx';
import { Modal } from './modal.tsx';

type FormDialogProps = {
  title: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  onClose: () => void;
  /** The form's name for assistive technology. */
  formLabel: string;
  /** The form's class, which lays out its fields. */
  className: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  submitLabel: string;
  isSubmitting: boolean;
  /** The server's refusal of the whole form, shown above its fields. */
  refusal?: string;
  children: ReactNode;
};

/**
 * An open dialog whose body is one form: its fields in the body, Cancel and the submit button in the footer (tied
 * to the form by its id), and a refusal the form cannot place on a field above the fields.
 */
export function FormDialog({
  title,
  description,
  size,
  onClose,
  formLabel,
  className,
  onSubmit,
  submitLabel,
  isSubmitting,
  refusal,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      isOpen
      onClose={onClose}
      size={size}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={className} onSubmit={onSubmit} noValidate aria-label={formLabel}>
        {refusal && <Alert tone="danger">{refusal}</Alert>}
        {children}
      </form>
    </Modal>
  );
}
