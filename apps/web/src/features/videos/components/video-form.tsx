import { zodResolver } from '@hookform/resolvers/zod';
import { bodyParts, positions, purposes, VIDEO_DEFAULTS, type VideoFields, videoFieldsSchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { Controller, useForm } from 'react-hook-form';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const fields = Object.keys(videoFieldsSchema.shape) as (keyof VideoFields)[];

/** A new video's defaults (decision 1311), as the form starts for a new video. */
export const defaultVideoFields = (): VideoFields => ({ ...VIDEO_DEFAULTS });

type VideoFormProps = {
  initial: VideoFields;
  submitLabel: string;
  isPending?: boolean;
  isReadOnly?: boolean;
  /** Rejects with the server's error, whose field messages are shown on the fields. */
  onSubmit: (values: VideoFields) => Promise<unknown>;
};

/** The exercise's details: what it trains, how it is done, and the default sets and reps. */
export function VideoForm({ initial, submitLabel, isPending, isReadOnly, onSubmit }: VideoFormProps) {
  const form = useForm({ resolver: zodResolver(videoFieldsSchema), defaultValues: initial });
  const { errors } = form.formState;
  const text = (key: keyof VideoFields) => ({
    ...form.register(key),
    error: errors[key]?.message,
    disabled: isReadOnly,
  });
  const count = (key: 'reps' | 'sets') => ({
    type: 'number',
    inputMode: 'numeric' as const,
    min: 1,
    max: 100,
    // An emptied box counts as 0, so it reads "At least 1" rather than a type error.
    ...form.register(key, { setValueAs: Number }),
    error: errors[key]?.message,
    disabled: isReadOnly,
  });
  const choice = (name: 'body_part' | 'purpose' | 'position', label: string, values: readonly string[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Dropdown
          ref={field.ref}
          label={label}
          options={options(values)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          disabled={isReadOnly}
        />
      )}
    />
  );

  // The form-wide message is shown by the caller (next to the file, or as a notice).
  const submit = form.handleSubmit(withServerErrors(form, fields, onSubmit));

  return (
    <form className="video-form" onSubmit={submit} noValidate aria-label="Video details">
      <TextField label="Title" required {...text('title')} />
      <div className="video-form__row">
        {choice('body_part', 'Body part', bodyParts)}
        {choice('purpose', 'Purpose', purposes)}
        {choice('position', 'Position', positions)}
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
      {/* Patients who read Spanish see these instead of the English title and instructions (decision 1231). */}
      <TextField
        label="Title in Spanish"
        lang="es"
        hint="Optional. Patients who read Spanish see it; without it they see the English title."
        {...text('title_es')}
      />
      <TextArea
        label="Instructions in Spanish"
        lang="es"
        rows={4}
        hint="Optional. Without them, patients who read Spanish see the English instructions."
        {...text('description_es')}
      />
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
