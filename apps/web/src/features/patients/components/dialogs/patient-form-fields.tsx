import { consentMethods, type RegisterPatientBody } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { DateField } from '@web/components/ui/date-picker/date-field.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { NameFields } from '@web/components/ui/field/name-fields.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Controller, type FieldError, type UseFormReturn, useWatch } from 'react-hook-form';
import { DialCodeDropdown } from '../fields/dial-code-dropdown.tsx';
import { Icd10Field } from '../fields/icd10-field.tsx';
import type { PatientFormValues } from './patient-form.ts';

type FormApi = UseFormReturn<PatientFormValues, unknown, RegisterPatientBody>;

const consentOptions = [
  { value: '', label: 'Not recorded yet' },
  ...consentMethods.map((method) => ({ value: method, label: method[0]!.toUpperCase() + method.slice(1) })),
];

/** An empty required field asks for the value; a filled one keeps the schema's or the server's message. */
const messageFor = (value: unknown, error: FieldError | undefined, whenEmpty: string) =>
  error && (value ? error.message : whenEmpty);

/** The numbers a claim names the patient by (decision 1435), both optional. */
const claimIdFields = [
  { name: 'mrn', label: 'MRN', hint: "Optional. The patient's record number in your EMR." },
  {
    name: 'insurance_member_id',
    label: 'Insurance member ID',
    hint: "Optional. The payer's member ID, e.g. Medicare's MBI. Claims need it.",
  },
] as const;

// A birthday calendar opens decades back, where most patients' birthdays are.
const BIRTHDAY_CALENDAR_START = new Date(1960, 0, 1);

/** The fields of registration and edit; empty required fields say what to enter rather than a format. */
export function PatientFormFields({
  form,
  savedDiagnosis,
  savedDescription,
}: {
  form: FormApi;
  savedDiagnosis?: string | null;
  savedDescription?: string | null;
}) {
  const { errors } = form.formState;
  const [firstName, lastName, phone] = useWatch({ control: form.control, name: ['first_name', 'last_name', 'phone'] });

  return (
    <>
      <div className="dialog-form__row">
        <NameFields
          first={{
            ...form.register('first_name'),
            error: messageFor(firstName, errors.first_name, 'Enter the first name'),
          }}
          last={{ ...form.register('last_name'), error: messageFor(lastName, errors.last_name, 'Enter the last name') }}
        />
      </div>
      <div className="dialog-form__row">
        <DateField
          control={form.control}
          name="birthday"
          emptyAs=""
          label="Birthday"
          required
          showYearDropdown
          openToDate={BIRTHDAY_CALENDAR_START}
          placeholder="e.g. Mar 4, 1956"
          error={(day) => messageFor(day, errors.birthday, 'Enter the birthday')}
        />
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          hint="Optional. For sign-in and reminders."
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <div className="dialog-form__row dialog-form__row--phone">
        <Controller
          control={form.control}
          name="selected_code"
          render={({ field }) => <DialCodeDropdown field={field} error={errors.selected_code?.message} />}
        />
        <TextField
          label="Mobile phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          hint="The patient receives sign-in codes by text message."
          error={messageFor(phone, errors.phone, 'Enter the phone number')}
          {...form.register('phone')}
        />
      </div>
      <Controller
        control={form.control}
        name="diagnosis"
        render={({ field, fieldState }) => (
          <Icd10Field
            ref={field.ref}
            label="Diagnosis (ICD-10)"
            value={field.value}
            description={field.value === savedDiagnosis ? savedDescription : undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="dialog-form__row">
        {claimIdFields.map(({ name, label, hint }) => (
          <TextField
            key={name}
            label={label}
            autoComplete="off"
            spellCheck={false}
            hint={hint}
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
      </div>
      <fieldset className="dialog-form__group">
        <legend>Remote Therapeutic Monitoring</legend>
        <Controller
          control={form.control}
          name="is_rtm_covered"
          render={({ field }) => (
            <Checkbox
              label="The patient's payer covers RTM"
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <div className="dialog-form__row">
          <DateField
            control={form.control}
            name="consent_date"
            label="Consent date"
            error={() => errors.consent_date?.message}
          />
          <Controller
            control={form.control}
            name="consent_method"
            render={({ field }) => (
              <Dropdown
                ref={field.ref}
                label="Consent given"
                options={consentOptions}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value || undefined)}
                onBlur={field.onBlur}
                error={errors.consent_method?.message}
              />
            )}
          />
        </div>
      </fieldset>
    </>
  );
}
