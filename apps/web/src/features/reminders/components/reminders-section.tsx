import { zodResolver } from '@hookform/resolvers/zod';
import {
  can,
  type PatientDetail,
  QUIET_HOURS,
  type ReminderAdherence,
  type ReminderChannel,
  type ReminderSchedule,
  reminderChannels,
  reminderLanguages,
  reminderScheduleBodySchema,
  reminderWeekdays,
} from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { Switch } from '@web/components/ui/switch/switch.tsx';
import { Table } from '@web/components/ui/table/table.tsx';
import { useCurrentUser } from '@web/features/session';
import { isApiError } from '@web/lib/api-error.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { usePatientReminders, useReminderAdherence, useRemindersSent } from '../api/get-reminders.ts';
import { useSavePatientReminders } from '../api/save-reminders.ts';
import {
  channelLabels,
  dayLabels,
  dayNames,
  languageLabels,
  outcomeLabels,
  scheduleInWords,
  wallTime,
} from './reminder-labels.ts';
import './reminders.css';

const languageOptions = reminderLanguages.map((value) => ({ value, label: languageLabels[value] }));
const fields = ['enabled', 'days', 'time', 'timezone', 'language', 'channels', 'quiet_hours_allowed'] as const;
/** The contract's quiet hours on a clock's face (9:00 PM to 8:00 AM). */
const quietHours = `${wallTime(QUIET_HOURS.from)} to ${wallTime(QUIET_HOURS.until)}`;

const PATIENT_CHOSE = 'The patient chose their own reminders in the app, so only the patient can change them.';

/**
 * A patient's exercise reminders (decision 1350): the schedule in words, staff's default while the patient has not
 * chosen, what was sent, and the days logged of those planned week by week.
 */
export function RemindersSection({ patient }: { patient: PatientDetail }) {
  const role = useCurrentUser().data?.role;
  const mayRead = role !== undefined && can(role, 'patients.read');
  const schedule = usePatientReminders(patient.id, mayRead);
  if (!mayRead) return null;
  return (
    <section id="reminders" className="section-card" aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="section-card__title">
        Reminders
      </h2>
      <p className="section-card__intro">
        Exercise reminders by text message or e-mail, without health details, on the days and at the time on the
        patient&apos;s clock they choose in the app.
      </p>
      <QueryStates
        query={schedule}
        loading={{ rows: 2, label: 'Loading the reminders' }}
        failedTitle="The reminders could not be loaded"
      >
        {(data) => (
          <>
            <ScheduleSummary schedule={data} />
            {can(role, 'reminders.manage') && <DefaultForm patient={patient} schedule={data} />}
          </>
        )}
      </QueryStates>
      <Adherence patientId={patient.id} />
      <SentHistory patientId={patient.id} />
    </section>
  );
}

function ScheduleSummary({ schedule }: { schedule: ReminderSchedule }) {
  return (
    <div className="reminders-summary">
      <p className="reminders-summary__words">
        <strong>{scheduleInWords(schedule)}</strong>
      </p>
      {schedule.enabled && (
        <p className="reminders-summary__meta">
          In {languageLabels[schedule.language]}
          {schedule.quiet_hours_allowed ? `; quiet hours (${quietHours}) allowed` : ''}
          {schedule.updated_at ? `; saved ${formatDate(schedule.updated_at)}` : ''}
          {schedule.push_devices > 0
            ? `; app notifications on ${schedule.push_devices} ${schedule.push_devices === 1 ? 'device' : 'devices'}`
            : ''}
        </p>
      )}
      {schedule.enabled && schedule.channels.includes('push') && schedule.push_devices === 0 && (
        <Alert tone="warning">
          App notifications reach no device (expired, turned off in the phone’s settings, or the phone is now another
          patient’s). The patient can turn them on again under Reminders in the app.
        </Alert>
      )}
      {schedule.sms_opted_out && (
        <Alert tone="warning">
          Text reminders are stopped: the patient replied STOP. Only a START reply from the patient resumes them.
        </Alert>
      )}
      {schedule.email_opted_out && (
        <Alert tone="info">
          E-mail reminders are stopped: the patient unsubscribed. They resume when the patient chooses e-mail again.
        </Alert>
      )}
    </div>
  );
}

/** Staff's default, e.g. at onboarding; disabled with the reason once the patient has chosen their own. */
function DefaultForm({ patient, schedule }: { patient: PatientDetail; schedule: ReminderSchedule }) {
  const save = useSavePatientReminders(patient.id);
  const [isRefused, setRefused] = useState(false);
  const isPatients = schedule.set_by === 'patient' || isRefused;
  const form = useForm({
    resolver: zodResolver(reminderScheduleBodySchema),
    defaultValues: {
      enabled: schedule.enabled,
      days: schedule.days,
      time: schedule.time,
      timezone: schedule.timezone,
      language: schedule.language,
      channels: schedule.channels,
      quiet_hours_allowed: schedule.quiet_hours_allowed,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const hasNoEmail = !patient.email;
  // Push needs a device the patient turned notifications on for, in the app (decision 1365).
  const unavailable: Partial<Record<ReminderChannel, string>> = {
    ...(hasNoEmail ? { email: 'no e-mail address on file' } : {}),
    ...(schedule.push_devices === 0
      ? { push: schedule.push_public_key ? 'the patient turns it on in the app' : 'not set up on this server' }
      : {}),
  };

  const onSubmit = form.handleSubmit(
    withServerErrors(
      form,
      fields,
      async (body) => {
        try {
          await save.mutateAsync(body);
          form.reset(body);
          notify.success('Reminder default saved');
        } catch (error) {
          if (isApiError(error) && error.status === 409) setRefused(true);
          throw error;
        }
      },
      { rootMessage: (error) => (isApiError(error) && error.status === 409 ? PATIENT_CHOSE : undefined) },
    ),
  );

  return (
    <form className="reminders-form" aria-labelledby="reminders-form-title" noValidate onSubmit={onSubmit}>
      <h3 id="reminders-form-title" className="reminders-form__title">
        Default reminders
      </h3>
      {isPatients ? (
        <p className="reminders-form__reason" id="reminders-form-reason">
          {PATIENT_CHOSE}
        </p>
      ) : (
        <p className="reminders-form__hint">
          Until the patient chooses their own in the app. Saving turns the reminders on or off as set here.
        </p>
      )}
      {errors.root?.server?.message && !isPatients && <Alert tone="danger">{errors.root.server.message}</Alert>}
      <fieldset
        className="reminders-form__fields"
        disabled={isPatients}
        aria-describedby={isPatients ? 'reminders-form-reason' : undefined}
      >
        <legend className="visually-hidden">Default reminders</legend>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch label="Reminders on" checked={field.value} onChange={field.onChange} disabled={isPatients} />
          )}
        />
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <fieldset className="reminders-form__choices" aria-invalid={errors.days ? true : undefined}>
              <legend className="field__label">Days</legend>
              <div className="reminders-form__days">
                {reminderWeekdays.map((day) => (
                  <Checkbox
                    key={day}
                    label={dayLabels[day]}
                    aria-label={dayNames[day]}
                    checked={field.value.includes(day)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? reminderWeekdays.filter((d) => d === day || field.value.includes(d))
                          : field.value.filter((d) => d !== day),
                      )
                    }
                  />
                ))}
              </div>
              {errors.days && <p className="field__error">{errors.days.message}</p>}
            </fieldset>
          )}
        />
        <div className="reminders-form__row">
          <TextField
            label="Time"
            type="time"
            step={60}
            required
            hint="On the patient's clock"
            error={errors.time?.message}
            {...form.register('time')}
          />
          <TextField
            label="Timezone"
            required
            hint="IANA name, e.g. America/Chicago"
            error={errors.timezone?.message}
            {...form.register('timezone')}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Dropdown
                ref={field.ref}
                label="Language"
                options={languageOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={isPatients}
                error={errors.language?.message}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="channels"
          render={({ field }) => (
            <fieldset className="reminders-form__choices" aria-invalid={errors.channels ? true : undefined}>
              <legend className="field__label">Channels</legend>
              <div className="reminders-form__days">
                {reminderChannels.map((channel: ReminderChannel) => {
                  const why = unavailable[channel];
                  const isUnavailable = Boolean(why);
                  return (
                    <Checkbox
                      key={channel}
                      label={why ? `${channelLabels[channel]} (${why})` : channelLabels[channel]}
                      checked={field.value.includes(channel)}
                      disabled={isUnavailable && !field.value.includes(channel)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? reminderChannels.filter((c) => c === channel || field.value.includes(c))
                            : field.value.filter((c) => c !== channel),
                        )
                      }
                    />
                  );
                })}
              </div>
              {errors.channels && <p className="field__error">{errors.channels.message}</p>}
            </fieldset>
          )}
        />
        <Checkbox label={`Allow quiet hours (${quietHours})`} {...form.register('quiet_hours_allowed')} />
        <div>
          <Button type="submit" isLoading={isSubmitting} disabled={isPatients}>
            Save default
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** Days logged of the days planned, for each of the last 8 weeks. */
function Adherence({ patientId }: { patientId: number }) {
  const adherence = useReminderAdherence(patientId);
  return (
    <div className="reminders-part">
      <h3 className="reminders-part__title">Adherence, last 8 weeks</h3>
      <QueryStates
        query={adherence}
        loading={{ rows: 2, label: 'Loading the adherence' }}
        failedTitle="The adherence could not be loaded"
      >
        {(data) => <AdherenceTable data={data} />}
      </QueryStates>
    </div>
  );
}

function AdherenceTable({ data }: { data: ReminderAdherence }) {
  const planned = data.weeks.reduce((sum, week) => sum + week.days_planned, 0);
  const logged = data.weeks.reduce((sum, week) => sum + week.days_logged, 0);
  return (
    <>
      <p className="reminders-part__meta">
        {planned === 0
          ? 'No reminder days were planned in these weeks.'
          : `${logged} of ${planned} planned days logged (${Math.round((logged / planned) * 100)}%).`}
      </p>
      <Table caption="Days logged of the days planned, week by week">
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Days logged / planned</th>
          </tr>
        </thead>
        <tbody>
          {data.weeks.map((week) => (
            <tr key={week.week_start}>
              <th scope="row">{formatDate(week.week_start)}</th>
              <td className="tabular">
                {week.days_planned === 0 ? 'None planned' : `${week.days_logged} / ${week.days_planned}`}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** What each day's reminder became, newest first, a page at a time. */
function SentHistory({ patientId }: { patientId: number }) {
  const [page, setPage] = useState(1);
  const sent = useRemindersSent(patientId, page);
  return (
    <div className="reminders-part">
      <h3 className="reminders-part__title">Reminders sent</h3>
      <QueryStates
        query={sent}
        loading={{ rows: 3, label: 'Loading the reminders sent' }}
        failedTitle="The reminders sent could not be loaded"
        isEmpty={sent.data?.count === 0}
        empty={<EmptyState icon={BellOff} title="No reminder yet" description="Each day's reminder will show here." />}
        pages={{ label: 'Reminders sent pages', page, total: sent.data?.count ?? 0, onPageChange: setPage }}
      >
        {(data) => (
          <Table caption="Reminders sent, newest first">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Channel</th>
                <th scope="col">Outcome</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <time dateTime={delivery.local_date}>{formatDate(delivery.local_date)}</time>
                  </td>
                  <td>{channelLabels[delivery.channel]}</td>
                  <td>{outcomeLabels[delivery.outcome]}</td>
                  <td>{delivery.reason ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </QueryStates>
    </div>
  );
}
