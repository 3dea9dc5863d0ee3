import { type Clinic, clinicCodeSchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { type FormEvent, useState } from 'react';

type ClinicPickerProps = {
  /** The code of the clinic shown. */
  value: string;
  /** The clinic shown, once loaded. */
  clinic: Clinic | undefined;
  onChange: (code: string) => void;
};

/** Admins see every clinic: they name one by its code (there is no list of clinics to pick from yet). */
export function ClinicPicker({ value, clinic, onChange }: ClinicPickerProps) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = clinicCodeSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setText(parsed.data);
    onChange(parsed.data);
  };

  return (
    <form className="clinic-picker" aria-label="Clinic" onSubmit={submit} noValidate>
      <TextField
        label="Clinic code"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={8}
        status={clinic?.code === value ? `Showing ${clinic.name} (${clinic.code})` : undefined}
      />
      <Button type="submit" variant="secondary">
        Show clinic
      </Button>
    </form>
  );
}
