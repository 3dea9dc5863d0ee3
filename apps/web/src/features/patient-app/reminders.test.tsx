import type { ReminderSchedule } from '@rehabit/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { defaultReminders, patientRoutes } from './patient-fixtures.ts';

const phoneZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const saving = (changes: Partial<ReminderSchedule> = {}) => ({
  ...patientRoutes(),
  'PUT /api/v1/patient/reminders/': (request: { body: unknown }) => ({
    body: {
      ...defaultReminders,
      ...(request.body as object),
      set_by: 'patient',
      updated_at: '2026-03-04T12:00:00.000Z',
      ...changes,
    },
  }),
});

describe('the patient’s reminders', () => {
  beforeEach(() => changeLanguage('en'));

  it('is reached from Today while reminders are off and from the frame’s menu', async () => {
    fixtureApi(patientRoutes());
    const app = renderApp('/my/today', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Get a reminder' });
    expect(screen.getByRole('link', { name: 'Reminders' })).toHaveAttribute('href', '/my/reminders');
    await app.user.click(within(card).getByRole('link', { name: 'Set up reminders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reminders' })).toBeInTheDocument();
    expect(screen.getByText('Reminders are off')).toBeInTheDocument();
  });

  it('saves days from the shortcuts, a time, channels and on, in the phone’s timezone and the app’s language', async () => {
    const api = fixtureApi(saving());
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Reminders' });
    expect(within(form).getByText(new RegExp(`On this phone’s clock: .*${phoneZone}`))).toBeInTheDocument();

    await app.user.click(within(form).getByRole('switch', { name: 'Remind me to do my exercises' }));
    const days = within(form).getByRole('group', { name: 'Days' });
    await app.user.click(within(days).getByRole('button', { name: 'Weekdays' }));
    expect(within(days).getByRole('button', { name: 'Weekdays' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getByRole('button', { name: 'Saturday' })).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(within(days).getByRole('button', { name: 'Friday' }));
    expect(within(days).getByRole('button', { name: 'Weekdays' })).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(within(days).getByRole('button', { name: 'Sunday' }));
    fireEvent.change(within(form).getByLabelText(/^Time/), { target: { value: '19:30' } });
    await app.user.click(within(form).getByRole('checkbox', { name: 'E-mail' }));
    await app.user.click(within(form).getByRole('button', { name: 'Save reminders' }));

    expect(await within(form).findByText('Your reminders are saved.')).toBeInTheDocument();
    const [sent] = api.calls('PUT /api/v1/patient/reminders/');
    expect(sent!.body).toEqual({
      enabled: true,
      days: ['mon', 'tue', 'wed', 'thu', 'sun'],
      time: '19:30',
      timezone: phoneZone,
      language: 'en',
      channels: ['sms', 'email'],
      quiet_hours_allowed: false,
    });
  });

  it('says what is wrong by the field before sending: no day, a time in quiet hours', async () => {
    const api = fixtureApi(saving());
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Reminders' });
    await app.user.click(within(form).getByRole('switch', { name: 'Remind me to do my exercises' }));
    const days = within(form).getByRole('group', { name: 'Days' });
    await app.user.click(within(days).getByRole('button', { name: 'Every day' }));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await app.user.click(within(days).getByRole('button', { name: day }));
    }
    fireEvent.change(within(form).getByLabelText(/^Time/), { target: { value: '22:15' } });
    await app.user.click(within(form).getByRole('button', { name: 'Save reminders' }));
    expect(await within(days).findByText('Choose at least one day')).toBeInTheDocument();
    expect(within(form).getByText(/This time is in quiet hours\. Choose a time from 8:00 AM to 8:59 PM/)).toBeVisible();
    expect(api.calls('PUT /api/v1/patient/reminders/')).toHaveLength(0);

    // Allowing quiet hours lets 22:15 through.
    await app.user.click(within(days).getByRole('button', { name: 'Every day' }));
    await app.user.click(within(form).getByRole('checkbox', { name: 'Allow reminders in quiet hours' }));
    await app.user.click(within(form).getByRole('button', { name: 'Save reminders' }));
    await within(form).findByText('Your reminders are saved.');
    expect(api.calls('PUT /api/v1/patient/reminders/')[0]!.body).toMatchObject({
      time: '22:15',
      quiet_hours_allowed: true,
    });
  });

  it('shows the API’s refusal of e-mail without an address by the channel, and offers e-mail no more', async () => {
    const api = fixtureApi({
      ...saving(),
      'PUT /api/v1/patient/reminders/': (request) =>
        (request.body as ReminderSchedule).channels.includes('email')
          ? problem(400, 'validation_failed', 'Check the fields', {
              channels: ['No e-mail address is on file for this patient'],
            })
          : { body: { ...defaultReminders, ...(request.body as object), updated_at: '2026-03-04T12:00:00.000Z' } },
    });
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Reminders' });
    await app.user.click(within(form).getByRole('checkbox', { name: 'E-mail' }));
    await app.user.click(within(form).getByRole('button', { name: 'Save reminders' }));
    const channels = within(form).getByRole('group', { name: 'How to remind me' });
    expect(await within(channels).findByRole('alert')).toHaveTextContent(
      'No e-mail address is on file for you. Ask your clinic to add one to get e-mail reminders.',
    );
    const email = within(channels).getByRole('checkbox', { name: 'E-mail' });
    expect(email).toBeDisabled();
    expect(email).not.toBeChecked();
    expect(email).toHaveAccessibleDescription(/No e-mail address is on file/);

    await app.user.click(within(form).getByRole('button', { name: 'Save reminders' }));
    await within(form).findByText('Saved. Reminders are off.');
    expect(api.calls('PUT /api/v1/patient/reminders/')[1]!.body).toMatchObject({ channels: ['sms'] });
  });

  it('says texts were stopped by a STOP reply and how to resume, and e-mail was unsubscribed', async () => {
    fixtureApi({
      ...patientRoutes(),
      'GET /api/v1/patient/reminders/': {
        body: {
          ...defaultReminders,
          enabled: true,
          days: ['mon', 'wed', 'fri'],
          time: '19:30',
          channels: ['sms', 'email'],
          set_by: 'patient',
          sms_opted_out: true,
          email_opted_out: true,
          updated_at: '2026-03-01T12:00:00.000Z',
        },
      },
    });
    renderApp('/my/reminders', { token: 'patient-token' });
    expect(await screen.findByText('Reminders are on: Mon, Wed, Fri at 7:30 PM')).toBeInTheDocument();
    expect(screen.getByText(/Text reminders are paused because you replied STOP/)).toHaveTextContent(
      'reply START to any of our reminder texts',
    );
    expect(screen.getByText(/E-mail reminders are off because you unsubscribed/)).toBeInTheDocument();
  });

  it('offers to try again when the reminders cannot be loaded, and says so when offline at saving', async () => {
    const api = fixtureApi({ ...patientRoutes(), 'GET /api/v1/patient/reminders/': problem(503, 'unavailable') });
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Your reminders could not be loaded.');
    api.set('GET /api/v1/patient/reminders/', { body: defaultReminders });
    api.set('PUT /api/v1/patient/reminders/', () => {
      throw new TypeError('Failed to fetch');
    });
    await app.user.click(within(failed).getByRole('button', { name: 'Try again' }));
    const form = await screen.findByRole('form', { name: 'Reminders' });
    await app.user.click(within(form).getByRole('button', { name: 'Save reminders' }));
    expect(await within(form).findByText(/You are offline\. Your choices are not saved yet/)).toBeInTheDocument();
  });

  it('speaks Spanish and sends Spanish as the reminders’ language', async () => {
    await changeLanguage('es');
    const api = fixtureApi(saving());
    const app = renderApp('/my/reminders', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Recordatorios' });
    expect(within(form).getByText('Los recordatorios están desactivados')).toBeInTheDocument();
    const days = within(form).getByRole('group', { name: 'Días' });
    await app.user.click(within(days).getByRole('button', { name: 'Entre semana' }));
    expect(within(days).getByRole('button', { name: 'Lunes' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getByRole('button', { name: 'Domingo' })).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(within(form).getByRole('switch', { name: 'Recordarme hacer mis ejercicios' }));
    await app.user.click(within(form).getByRole('button', { name: 'Guardar recordatorios' }));
    expect(await within(form).findByText('Sus recordatorios están guardados.')).toBeInTheDocument();
    expect(api.calls('PUT /api/v1/patient/reminders/')[0]!.body).toMatchObject({
      language: 'es',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
  });
});
