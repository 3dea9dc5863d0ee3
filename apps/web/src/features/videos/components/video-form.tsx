import { bodyParts, positions, purposes, VIDEO_DEFAULTS, type VideoFields, videoFieldsSchema } from '@rehabit/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dropdown } from '../../../components/ui/dropdown/dropdown.tsx';
import { TextArea } from '../../../components/ui/field/text-area.tsx';
import { TextField } from '../../../components/ui/field/text-field.tsx';

export type FieldErrors = Partial<Record<keyof VideoFields, string>>;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Seed §3's defaults, as the form starts for a new video. */
export const defaultVideoFields = (): VideoFields => ({ ...VIDEO_DEFAULTS });

/** Checks the fields with the contract's rules; the first message of each field. */
export function validateVideoFields(values: VideoFields): { data?: VideoFields; errors: FieldErrors } {
  const parsed = videoFieldsSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof VideoFields;
    errors[key] ??= issue.message;
  }
  return { errors };
}

type VideoFormProps = {
  initial: VideoFields;
  submitLabel: string;
  isPending?: boolean;
  isReadOnly?: boolean;
  serverErrors?: FieldErrors;
  onSubmit: (values: VideoFields) => void;
};

/** The exercise's details: what it trains, how it is done, and the default sets and reps. */
export function VideoForm({ initial, submitLabel, isPending, isReadOnly, serverErrors, onSubmit }: VideoFormProps) {
  const [values, setValues] = useState<VideoFields>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof VideoFields>(key: K, value: VideoFields[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof VideoFields) => ({
    value: String(values[key]),
    error: shown[key],
    disabled: isReadOnly,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  });
  const count = (key: 'reps' | 'sets') => ({
    type: 'number',
    inputMode: 'numeric' as const,
    min: 1,
    max: 100,
    value: String(values[key]),
    error: shown[key],
    disabled: isReadOnly,
    onChange: (event: { target: { value: string } }) => set(key, Number(event.target.value)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateVideoFields(values);
    setErrors(result.errors);
    if (result.data) onSubmit(result.data);
  };

  return (
    <form className="video-form" onSubmit={submit} noValidate aria-label="Video details">
      <TextField label="Title" required {...text('title')} />
      <div className="video-form__row">
        <Dropdown
          label="Body part"
          options={options(bodyParts)}
          value={values.body_part}
          onChange={(v) => set('body_part', v as VideoFields['body_part'])}
          error={shown.body_part}
          disabled={isReadOnly}
        />
        <Dropdown
          label="Purpose"
          options={options(purposes)}
          value={values.purpose}
          onChange={(v) => set('purpose', v as VideoFields['purpose'])}
          error={shown.purpose}
          disabled={isReadOnly}
        />
        <Dropdown
          label="Position"
          options={options(positions)}
          value={values.position}
          onChange={(v) => set('position', v as VideoFields['position'])}
          error={shown.position}
          disabled={isReadOnly}
        />
      </div>
      <TextField label="Position title" {...text('position_title')} />
      <div className="video-form__row">
        <TextField label="Equipment" {...text('equipment')} />
        <TextField label="Reps" {...count('reps')} />
        <TextField label="Sets" {...count('sets')} />
      </div>
      <div className="video-form__row">
        <TextField label="Affected body part" {...text('unhealthy_body_part')} />
        <TextField label="Purpose of treatment" {...text('purpose_of_treatment')} />
      </div>
      <TextArea label="Instructions" rows={4} {...text('description')} />
      {!isReadOnly && (
        <div className="video-form__actions">
          <Button type="submit" isLoading={isPending}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
