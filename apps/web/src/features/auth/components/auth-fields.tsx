import { PASSWORD_MIN_LENGTH } from '@rehabit/contract';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import type { ComponentProps } from 'react';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { label?: string };

/** Shown under every password being chosen, so the rule is read before it is broken. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** The e-mail of an account; sign-in forms pass `autoComplete="username"` so managers pair it with the password. */
export function EmailField({ label = 'E-mail', ...props }: FieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** A password typed to sign in, or (`isNew`) one being chosen, which password managers offer to generate. */
export function PasswordField({ label = 'Password', isNew = false, ...props }: FieldProps & { isNew?: boolean }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      {...props}
    />
  );
}
