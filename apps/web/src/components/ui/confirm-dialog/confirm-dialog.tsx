import { errorDetails, errorMessage } from '@web/lib/api-error.ts';
import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Alert } from '../feedback/alert.tsx';
import { Modal } from '../modal/modal.tsx';
import './confirm-dialog.css';

type ConfirmDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  isPending?: boolean;
  /** A refusal from the server, shown inside the dialog so the person sees why nothing changed. */
  error?: unknown;
};

/** Asks before an action that is hard to undo; the safe choice has the focus. */
export function ConfirmDialog({
  isOpen,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  isPending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="confirm-dialog">
        {children}
        {error !== undefined && error !== null && (
          <Alert tone="danger">
            <p>{errorMessage(error)}</p>
            {errorDetails(error).map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        )}
      </div>
    </Modal>
  );
}
