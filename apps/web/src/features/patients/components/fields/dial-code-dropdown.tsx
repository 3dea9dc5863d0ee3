import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import type { ControllerRenderProps } from 'react-hook-form';
import { dialCodeOptions } from './dial-codes.ts';

/** The country code of a phone number, bound to a form's `selected_code` field. */
export function DialCodeDropdown({
  field,
  error,
}: {
  field: Pick<ControllerRenderProps, 'ref' | 'onChange' | 'onBlur'> & { value?: string };
  error?: string;
}) {
  return (
    <Dropdown
      ref={field.ref}
      label="Country code"
      options={dialCodeOptions(field.value)}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
