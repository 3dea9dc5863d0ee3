import { Alert } from '@web/components/ui/feedback/alert.tsx';
import type { FieldErrors } from 'react-hook-form';
import { accountStateCodes } from './auth-messages.ts';

/** The form-wide message from the server, above the fields where it is read first. */
export function FormError({ errors, id }: { errors: FieldErrors; id?: string }) {
  const root = errors.root?.server;
  if (!root?.message) return null;
  const tone = typeof root.type === 'string' && accountStateCodes.has(root.type) ? 'warning' : 'danger';
  return (
    <Alert id={id} tone={tone}>
      {root.message}
    </Alert>
  );
}
