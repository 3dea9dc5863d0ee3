import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field.tsx';

/** One name's input as a form registers it, with its message. */
type NameInput = UseFormRegisterReturn & { error?: string };

type NameFieldsProps = {
  first: NameInput;
  last: NameInput;
  /** The person typing their own name, which the browser may fill in; anyone else's is never suggested. */
  isOwnName?: boolean;
};

/** A person's first and last name, both required; the form lays them out (side by side, or among its fields). */
export function NameFields({ first, last, isOwnName = false }: NameFieldsProps) {
  return (
    <>
      <TextField label="First name" autoComplete={isOwnName ? 'given-name' : 'off'} required {...first} />
      <TextField label="Last name" autoComplete={isOwnName ? 'family-name' : 'off'} required {...last} />
    </>
  );
}
