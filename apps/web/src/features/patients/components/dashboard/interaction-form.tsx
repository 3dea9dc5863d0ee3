import { zodResolver } from '@hookform/resolvers/zod';
import { CALL_CORRECTION_DAYS, callDaysBackOf, interactionKinds, logInteractionBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { DateField } from '@web/components/ui/date-picker/date-field.tsx';
import { todayIso } from '@web/components/ui/date-picker/iso-date.ts';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { clinicZoneName } from '@web/components/ui/format/clinic-time.ts';
import { useClinicTimeZone } from '@web/features/clinics';
import { useLogInteraction } from '@web/features/patients/api/log-interaction.ts';
import { useCurrentUser } from '@web/features/session';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { PhoneCall } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { LOG_CALL_FORM_ID } from './log-call-form-id.ts';

export const interactionKindLabels: Record<(typeof interactionKinds)[number], string> = {
  phone: 'Phone call',
  video: 'Video call',
};
const kindOptions = interactionKinds.map((kind) => ({ value: kind, label: interactionKindLabels[kind] }));
const fields = ['date', 'start_time', 'kind', 'minutes', 'notes'] as const;

const blank = (today: string) => ({ date: today, start_time: '', kind: 'phone' as const, minutes: '', notes: '' });

type InteractionFormProps = {
  patientId: number;
  /** Today in the clinic's calendar, by which the month's calls count; the device's day until it is known. */
  clinicToday?: string;
};

/**
 * A live call with the patient: it counts toward the month's RTM minutes and its live-call rule. It is placed on the
 * clinic's calendar and clocks, by its day and start time, and lasts its minutes (decisions 1280–1282).
 */
export function InteractionForm({ patientId, clinicToday }: InteractionFormProps) {
  const today = clinicToday ?? todayIso();
  const timeZone = useClinicTimeZone();
  const role = useCurrentUser().data?.role;
  const daysBack = role ? callDaysBackOf(role) : CALL_CORRECTION_DAYS;
  const form = useForm({ resolver: zodResolver(logInteractionBodySchema), defaultValues: blank(today) });
  const log = useLogInteraction(patientId);
  const { errors, isSubmitting } = form.formState;

  // The clinic's day arrives after the form is drawn, and differs from the device's near midnight or away from the
  // clinic: a date not yet touched becomes the clinic's.
  useEffect(() => {
    if (!form.getFieldState('date').isDirty) form.resetField('date', { defaultValue: today });
  }, [form, today]);

  // Opened at its address (a video visit's "Log a phone call instead"): the keyboard starts in the form.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${LOG_CALL_FORM_ID}`) document.getElementById(LOG_CALL_FORM_ID)?.querySelector('input')?.focus();
  }, [hash]);

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (body) => {
      await log.mutateAsync(body);
      notify.success('The call is logged');
      form.reset(blank(today));
    }),
  );

  return (
    <form id={LOG_CALL_FORM_ID} className="interaction-form" onSubmit={onSubmit} noValidate aria-label="Log a call">
      <h3 className="interaction-form__title">Log a call</h3>
      {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
      <div className="interaction-form__row">
        <DateField
          control={form.control}
          name="date"
          emptyAs=""
          label="Date of the call"
          required
          hint={
            daysBack > CALL_CORRECTION_DAYS
              ? `Today or up to ${daysBack} days back: older than ${CALL_CORRECTION_DAYS} days is a correction`
              : `Today or up to ${daysBack} days back`
          }
          error={(day) => (day ? errors.date?.message : errors.date && 'Choose the day of the call')}
        />
        <TextField
          label="Start time"
          type="time"
          step={60}
          required
          hint={`On the clinic's clock (${clinicZoneName(timeZone)})`}
          error={
            errors.start_time &&
            (form.getValues('start_time') ? errors.start_time.message : 'Enter the time the call started')
          }
          {...form.register('start_time')}
        />
        <TextField
          label="Minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={240}
          step={1}
          required
          hint="1 to 240"
          error={errors.minutes?.message}
          {...form.register('minutes')}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Dropdown
              ref={field.ref}
              label="Kind"
              options={kindOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.kind?.message}
            />
          )}
        />
      </div>
      <TextArea
        label="Notes"
        rows={2}
        placeholder="What was discussed, what changes next"
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <div className="interaction-form__actions">
        <Button type="submit" isLoading={isSubmitting} icon={<PhoneCall size={18} aria-hidden="true" />}>
          Log call
        </Button>
      </div>
    </form>
  );
}
