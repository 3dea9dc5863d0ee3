import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BillingCode,
  type BillingSettings,
  billingCodeNames,
  billingRuleYears,
  type Role,
  roleLabels,
} from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { applyServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useChangeBillingSettings } from '../api/change-billing-settings.ts';
import { changeOf, fieldNamesOf, onFormRows, settingsFormSchema, toFormValues } from './settings-form-model.ts';
import { TimezoneField } from './timezone-field.tsx';

export const roleOf = (role: string) => roleLabels[role as Role] ?? role;
export const rateLabel = (code: BillingCode) => `${code} ${billingCodeNames[code]}`;

/**
 * The settings as a supervisor or an admin changes them. Save sends only what differs from the settings the form
 * was filled from; the server's refusals land on the fields they name.
 */
export function BillingSettingsForm({ settings, clinicCode }: { settings: BillingSettings; clinicCode?: string }) {
  // The settings the form's values are compared with: the loaded ones, then each saved answer.
  const [base, setBase] = useState(settings);
  const form = useForm({ resolver: zodResolver(settingsFormSchema), defaultValues: toFormValues(settings) });
  const save = useChangeBillingSettings(clinicCode);
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const sent = changeOf(base, values);
    if (!sent) {
      form.reset(toFormValues(base));
      notify.info('Nothing to save: the settings are as they were');
      return;
    }
    try {
      const saved = await save.mutateAsync(sent.body);
      setBase(saved);
      form.reset(toFormValues(saved));
      notify.success('Billing settings saved');
    } catch (error) {
      applyServerErrors(onFormRows(error, sent), form.setError, fieldNamesOf(base));
    }
  });

  return (
    <form className="billing-settings__form" onSubmit={onSubmit} noValidate aria-label="Billing settings">
      {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
      <div className="billing-settings__timezone">
        <Controller
          control={form.control}
          name="timezone"
          render={({ field }) => (
            <TimezoneField
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.timezone?.message}
            />
          )}
        />
      </div>

      <div className="billing-settings__timezone">
        <TextField
          label="Hourly monitoring rate (USD)"
          inputMode="decimal"
          autoComplete="off"
          hint="What the clinic pays its staff per hour of payable monitored time, on the Staff pay view. Leave empty to not compute pay."
          error={errors.monitoring_rate?.message}
          {...form.register('monitoring_rate')}
        />
      </div>

      {billingRuleYears.map((year) => (
        <fieldset key={year} className="billing-settings__group">
          <legend className="billing-settings__legend">Rates for services in {year}</legend>
          <div className="billing-settings__rates">
            {base.rates.map((rate, row) =>
              rate.year === year ? (
                <TextField
                  key={rate.code}
                  label={rateLabel(rate.code)}
                  inputMode="decimal"
                  autoComplete="off"
                  hint={`Default ${formatCurrency(rate.default_rate)}`}
                  error={errors.rates?.[row]?.rate?.message}
                  {...form.register(`rates.${row}.rate`)}
                />
              ) : null,
            )}
          </div>
        </fieldset>
      ))}

      <fieldset className="billing-settings__group">
        <legend className="billing-settings__legend">Rendering staff</legend>
        <p className="billing-settings__note">
          The NPI goes on the billing file beside each therapist’s patients. When therapist assistants do more than 10%
          of a patient’s monitored time in a month, the codes get the CQ modifier.
        </p>
        {base.staff.length === 0 ? (
          <p className="billing-settings__note">No approved therapists or supervisors yet.</p>
        ) : (
          <ul className="billing-settings__staff">
            {base.staff.map((member, row) => (
              <li key={member.id}>
                <fieldset className="billing-settings__member">
                  <legend className="billing-settings__member-name">
                    {member.display_name} <span className="billing-settings__role">{roleOf(member.role)}</span>
                  </legend>
                  <TextField
                    label="NPI"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={10}
                    hint="10 digits; leave empty when unknown"
                    error={errors.staff?.[row]?.npi?.message}
                    {...form.register(`staff.${row}.npi`)}
                  />
                  <Controller
                    control={form.control}
                    name={`staff.${row}.is_assistant`}
                    render={({ field }) => (
                      <Checkbox
                        label="Therapist assistant"
                        name={field.name}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                </fieldset>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <div className="billing-settings__actions">
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => form.reset(toFormValues(base))}>
          Discard changes
        </Button>
        <Button type="submit" isLoading={isSubmitting} icon={<Save size={18} aria-hidden="true" />}>
          Save billing settings
        </Button>
      </div>
    </form>
  );
}
