import { zodResolver } from '@hookform/resolvers/zod';
import { type Clinic, type ClinicDetailsChange, clinicNameSchema, npiSchema, tinSchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChangeClinicDetails } from '../api/change-clinic-details.ts';

/** An empty field clears the value; a filled one must be what the API takes. */
const clearableBy = (schema: z.ZodType, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || schema.safeParse(value).success, { error: message });

const formSchema = z.object({
  name: clinicNameSchema,
  address: z.string().trim().max(300, { error: 'Use at most 300 characters' }),
  npi: clearableBy(npiSchema, 'An NPI is 10 digits'),
  tin: clearableBy(tinSchema, 'A TIN is 9 digits, like 12-3456789'),
});
type FormValues = z.infer<typeof formSchema>;
const fields = ['name', 'address', 'npi', 'tin'] as const;

const toFormValues = (clinic: Clinic): FormValues => ({
  name: clinic.name,
  address: clinic.address ?? '',
  npi: clinic.npi ?? '',
  tin: clinic.tin ?? '',
});

/** Only the fields that differ from the clinic as loaded; an emptied one is sent as null (cleared). */
function changesOf(values: FormValues, clinic: Clinic): ClinicDetailsChange {
  const before = toFormValues(clinic);
  const change: Record<string, string | null> = {};
  for (const field of fields) {
    if (values[field] === before[field]) continue;
    change[field] = field !== 'name' && values[field] === '' ? null : values[field];
  }
  return change as ClinicDetailsChange;
}

/** The clinic's name, address and identifiers, changed by its supervisor (or an admin). */
export function ClinicDetailsForm({ clinic }: { clinic: Clinic }) {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: toFormValues(clinic) });
  const save = useChangeClinicDetails(clinic.code);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (values) => {
      const change = changesOf(values, clinic);
      if (Object.keys(change).length === 0) {
        notify.info('Nothing to save: the details are as they were');
        return;
      }
      const saved = await save.mutateAsync(change);
      form.reset(toFormValues(saved));
      notify.success('Clinic details saved');
    }),
  );

  return (
    <form className="clinic-details-form" onSubmit={onSubmit} noValidate aria-label="Clinic details">
      {errors.root?.server && <Alert tone="danger">{errors.root.server.message}</Alert>}
      <TextField
        label="Clinic name"
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        hint="As printed on claims and letters."
        error={errors.address?.message}
        {...form.register('address')}
      />
      <div className="clinic-details-form__row">
        <TextField
          label="Clinic NPI"
          inputMode="numeric"
          hint="The group's 10-digit National Provider Identifier."
          error={errors.npi?.message}
          {...form.register('npi')}
        />
        <TextField
          label="TIN"
          inputMode="numeric"
          hint="Taxpayer Identification Number, like 12-3456789."
          error={errors.tin?.message}
          {...form.register('tin')}
        />
      </div>
      <div className="clinic-details-form__actions">
        <Button type="submit" isLoading={isSubmitting}>
          Save clinic details
        </Button>
      </div>
    </form>
  );
}
