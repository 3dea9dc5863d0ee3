import '@web/features/patient-app/i18n/reminder-strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  isQuietTime,
  type PushDevices,
  type ReminderChannel,
  type ReminderSchedule,
  reminderChannels,
  reminderScheduleBodySchema,
  reminderWeekdays,
} from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Switch } from '@web/components/ui/switch/switch.tsx';
import { patientKeys } from '@web/features/patient-app/api/keys.ts';
import { useMyReminders, useSaveMyReminders } from '@web/features/patient-app/api/reminders.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { applyServerErrors } from '@web/lib/form-errors.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { problemKey } from '../../lib/problem-key.ts';
import { LoadError } from '../state-card.tsx';
import { PushControl } from './push-control.tsx';
import {
  inWeekOrder,
  phoneTimezone,
  quietWords,
  sameDays,
  timezoneWords,
  wallTime,
  weekdayName,
  workWeek,
} from './reminder-words.ts';
import './reminders.css';

/** What the form holds: the body before the schema's defaults. */
type Values = z.input<typeof reminderScheduleBodySchema>;
const fields = ['enabled', 'days', 'time', 'timezone', 'channels', 'quiet_hours_allowed'] as const;
const channelKeys: Record<ReminderChannel, 'reminders.sms' | 'reminders.email' | 'reminders.push'> = {
  sms: 'reminders.sms',
  email: 'reminders.email',
  push: 'reminders.push',
};

/** The reminders' state in a sentence: "Reminders are off", or on which days at what time. */
export function reminderStatus(
  schedule: Pick<ReminderSchedule, 'enabled' | 'days' | 'time'>,
  language: string,
  t: TFunction,
) {
  if (!schedule.enabled) return t('reminders.statusOff');
  return t('reminders.statusOn', {
    days: daysInWords(schedule.days, language, t),
    time: wallTime(schedule.time, language),
  });
}

function daysInWords(days: ReminderSchedule['days'], language: string, t: TFunction) {
  if (days.length === reminderWeekdays.length) return t('reminders.everyDay');
  if (sameDays(days, workWeek)) return t('reminders.weekdays');
  return inWeekOrder(days)
    .map((day) => weekdayName(day, language, 'short'))
    .join(', ');
}

/**
 * The patient's reminders (decision 1350): on or off, the days, a time on this phone's clock, text and/or e-mail, and
 * whether quiet hours may be used. The timezone is the phone's and the language the app's, both said in words.
 */
export function RemindersPage() {
  const { t } = useTranslation();
  const schedule = useMyReminders();
  // Whether the last save turned reminders on or off; it outlives the form, which starts again from the answer.
  const [saved, setSaved] = useState<boolean | null>(null);
  useDocumentTitle(t('reminders.title'));
  return (
    <div className="pa-page pa-reminders">
      <div className="pa-page__heading">
        <h1 className="pa-title">{t('reminders.title')}</h1>
        <p className="pa-muted">{t('reminders.intro')}</p>
      </div>
      {schedule.isPending && (
        <p className="pa-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {schedule.isError && (
        <LoadError title={t('reminders.loadFailed')} error={schedule.error} onRetry={() => schedule.refetch()} />
      )}
      {schedule.data && <RemindersForm schedule={schedule.data} saved={saved} onSaved={setSaved} />}
    </div>
  );
}

function RemindersForm({
  schedule,
  saved,
  onSaved: setSaved,
}: {
  schedule: ReminderSchedule;
  saved: boolean | null;
  onSaved: (enabled: boolean | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const save = useSaveMyReminders();
  const queryClient = useQueryClient();
  const timezone = phoneTimezone();
  const quiet = quietWords(language);
  // Known once the server refused e-mail for want of an address (no call says so beforehand).
  const [hasNoEmail, setNoEmail] = useState(false);
  const ids = { days: useId(), channels: useId(), status: useId() };
  const valuesOf = (kept: ReminderSchedule): Values => ({
    enabled: kept.enabled,
    days: kept.days,
    time: kept.time,
    timezone,
    language,
    channels: kept.channels,
    quiet_hours_allowed: kept.quiet_hours_allowed,
  });
  const form = useForm({ resolver: zodResolver(reminderScheduleBodySchema), defaultValues: valuesOf(schedule) });
  const { errors, isSubmitting } = form.formState;
  const days = form.watch('days');
  const time = form.watch('time');
  const quietAllowed = form.watch('quiet_hours_allowed');

  // A device turned on or off: the schedule's answer counts the devices, and the last one off takes push out.
  const onPushChanged = (devices: PushDevices) => {
    const pushLeft = devices.push_devices === 0 && !devices.channels.includes('push');
    const withoutPush = (channels: ReminderChannel[]) => channels.filter((channel) => channel !== 'push');
    queryClient.setQueryData<ReminderSchedule>(patientKeys.reminders, (kept) =>
      kept
        ? {
            ...kept,
            push_devices: devices.push_devices,
            channels: pushLeft ? withoutPush(kept.channels) : kept.channels,
          }
        : kept,
    );
    if (pushLeft && form.getValues('channels').includes('push')) {
      form.setValue('channels', withoutPush(form.getValues('channels')));
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    try {
      // The language is the app's as it is now; the timezone the phone's.
      const answer = await save.mutateAsync({ ...values, days: inWeekOrder(values.days), language, timezone });
      form.reset(valuesOf(answer));
      setSaved(answer.enabled);
    } catch (error) {
      applyServerErrors(error, form.setError, fields, {
        rootMessage: (e) =>
          isApiError(e) && fields.some((field) => e.errors[field])
            ? undefined
            : isApiError(e) && e.code === 'network_error'
              ? 'reminders.offline'
              : problemKey(e),
      });
      const channelError = isApiError(error) ? error.errors.channels?.[0] : undefined;
      if (channelError && /e-?mail/i.test(channelError)) {
        setNoEmail(true);
        form.clearErrors('channels');
        form.setValue(
          'channels',
          values.channels.filter((channel: ReminderChannel) => channel !== 'email'),
        );
      }
    }
  });

  const dayError = errors.days && t('reminders.errors.days');
  const timeError =
    errors.time &&
    (time && isQuietTime(time) && !quietAllowed ? t('reminders.errors.quiet', quiet) : t('reminders.errors.time'));
  const channelError = errors.channels && channelText(errors.channels, t);
  const rootError = errors.root?.server?.message;

  return (
    <form className="pa-reminders__form" aria-label={t('reminders.title')} noValidate onSubmit={onSubmit}>
      <p className="pa-summary" id={ids.status}>
        {reminderStatus(schedule, language, t)}
      </p>
      {schedule.sms_opted_out && <Alert tone="warning">{t('reminders.smsStopped')}</Alert>}
      {schedule.email_opted_out && <Alert tone="info">{t('reminders.emailStopped')}</Alert>}

      <section className="pa-card pa-reminders__switch">
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('reminders.switch')}
              checked={field.value}
              onChange={(on) => {
                field.onChange(on);
                setSaved(null);
              }}
              onText={t('reminders.on')}
              offText={t('reminders.off')}
            />
          )}
        />
      </section>

      <fieldset
        className="pa-card pa-reminders__group"
        aria-invalid={dayError ? true : undefined}
        aria-describedby={dayError ? `${ids.days}-error` : undefined}
      >
        <legend className="pa-card__title">{t('reminders.days')}</legend>
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <>
              <div className="pa-reminders__shortcuts">
                <button
                  type="button"
                  className="pa-choice"
                  aria-pressed={field.value.length === reminderWeekdays.length}
                  onClick={() => field.onChange([...reminderWeekdays])}
                >
                  {t('reminders.everyDay')}
                </button>
                <button
                  type="button"
                  className="pa-choice"
                  aria-pressed={sameDays(field.value, workWeek)}
                  onClick={() => field.onChange([...workWeek])}
                >
                  {t('reminders.weekdays')}
                </button>
              </div>
              <div className="pa-reminders__days">
                {reminderWeekdays.map((day) => {
                  const isOn = days.includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      className="pa-choice pa-reminders__day"
                      aria-pressed={isOn}
                      aria-label={weekdayName(day, language, 'long')}
                      onClick={() =>
                        field.onChange(isOn ? field.value.filter((d) => d !== day) : inWeekOrder([...field.value, day]))
                      }
                    >
                      {weekdayName(day, language, 'short')}
                    </button>
                  );
                })}
              </div>
            </>
          )}
        />
        {dayError && (
          <p id={`${ids.days}-error`} className="pa-field-error" role="alert">
            {dayError}
          </p>
        )}
      </fieldset>

      <section className="pa-card pa-reminders__group">
        <TextField
          label={t('reminders.time')}
          type="time"
          step={60}
          required
          hint={t('reminders.timezone', { timezone: timezoneWords(timezone, language) })}
          error={timeError}
          {...form.register('time')}
        />
        {schedule.updated_at && schedule.timezone !== timezone && (
          <p className="pa-muted">
            {t('reminders.timezoneChanged', {
              saved: timezoneWords(schedule.timezone, language),
              timezone: timezoneWords(timezone, language),
            })}
          </p>
        )}
        {errors.timezone && <p className="pa-field-error">{t('reminders.errors.timezone')}</p>}
        <label className="pa-reminders__check">
          <input type="checkbox" {...form.register('quiet_hours_allowed')} aria-describedby={`${ids.status}-quiet`} />
          <span>{t('reminders.quietAllowed')}</span>
        </label>
        <p id={`${ids.status}-quiet`} className="pa-muted">
          {t('reminders.quietHint', quiet)}
        </p>
      </section>

      <PushControl publicKey={schedule.push_public_key} onChanged={onPushChanged} />

      <fieldset
        className="pa-card pa-reminders__group"
        aria-invalid={channelError ? true : undefined}
        aria-describedby={channelError ? `${ids.channels}-error` : undefined}
      >
        <legend className="pa-card__title">{t('reminders.channels')}</legend>
        <Controller
          control={form.control}
          name="channels"
          render={({ field }) => (
            <>
              {reminderChannels.map((channel) => {
                // Push is offered once a device takes notifications (decision 1365), or while it is still chosen.
                if (channel === 'push' && schedule.push_devices === 0 && !field.value.includes('push')) return null;
                const isUnavailable = channel === 'email' && hasNoEmail;
                return (
                  <div key={channel}>
                    <label className="pa-reminders__check">
                      <input
                        type="checkbox"
                        checked={field.value.includes(channel)}
                        disabled={isUnavailable}
                        aria-describedby={isUnavailable ? `${ids.channels}-no-email` : undefined}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? reminderChannels.filter((c) => c === channel || field.value.includes(c))
                              : field.value.filter((c) => c !== channel),
                          )
                        }
                      />
                      <span>{t(channelKeys[channel])}</span>
                    </label>
                    {isUnavailable && (
                      <p id={`${ids.channels}-no-email`} className="pa-field-error" role="alert">
                        {t('reminders.noEmail')}
                      </p>
                    )}
                  </div>
                );
              })}
            </>
          )}
        />
        {channelError && (
          <p id={`${ids.channels}-error`} className="pa-field-error" role="alert">
            {channelError}
          </p>
        )}
      </fieldset>

      <p className="pa-muted">{t('reminders.language')}</p>
      {rootError && <Alert tone="danger">{t(rootError)}</Alert>}
      {saved !== null && !form.formState.isDirty && (
        <Alert tone="success">{saved ? t('reminders.saved') : t('reminders.savedOff')}</Alert>
      )}
      <Button type="submit" size="lg" isFullWidth isLoading={isSubmitting}>
        {isSubmitting ? t('reminders.saving') : t('reminders.save')}
      </Button>
    </form>
  );
}

/** A channels error in the patient's words: no address on file, or nothing chosen. */
function channelText(error: { type?: FieldError['type']; message?: string }, t: TFunction) {
  if (error.type === 'server' && /push|device/i.test(error.message ?? '')) return t('reminders.errors.noDevice');
  if (error.type === 'server' && /phone|text/i.test(error.message ?? '')) return t('reminders.errors.noPhone');
  return t('reminders.errors.channels');
}
