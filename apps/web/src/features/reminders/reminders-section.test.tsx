import { defaultReminderSchedule, type ReminderDelivery, type ReminderSchedule } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { listOf } from '@web/testing/video-fixtures.ts';
import { describe, expect, it } from 'vitest';

const base = '/api/v1/patients/101/reminders/';
const schedule = (changes: Partial<ReminderSchedule> = {}): ReminderSchedule => ({
  ...defaultReminderSchedule('America/New_York'),
  ...changes,
});
const byPatient = schedule({
  enabled: true,
  days: ['mon', 'wed', 'fri'],
  time: '19:30',
  timezone: 'America/Chicago',
  set_by: 'patient',
  updated_at: '2026-10-01T15:00:00.000Z',
});
const delivery = (id: number, changes: Partial<ReminderDelivery>): ReminderDelivery => ({
  id,
  at: '2026-10-01T00:30:00.000Z',
  local_date: '2026-09-30',
  channel: 'sms',
  outcome: 'sent',
  reason: null,
  ...changes,
});
const weeks = ['08-09', '08-16', '08-23', '08-30', '09-06', '09-13', '09-20', '09-27'].map((day, i) => ({
  week_start: `2026-${day}`,
  days_planned: i < 6 ? 0 : 3,
  days_logged: i < 6 ? 0 : 2,
}));

const routes = (mine: ReminderSchedule, patient = makePatient()) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: patient },
  'GET /api/v1/patients/101/log_interaction/': { body: listOf([]) },
  [`GET ${base}`]: { body: mine },
  [`GET ${base}adherence/`]: { body: { weeks } },
  [`GET ${base}sent/`]: (request: { url: URL }) => ({
    body: {
      count: 30,
      next: null,
      previous: null,
      results:
        request.url.searchParams.get('page') === '2'
          ? [delivery(5, { local_date: '2026-09-01', outcome: 'opted_out' })]
          : [
              delivery(9, {}),
              delivery(8, { local_date: '2026-09-29', channel: 'email', outcome: 'failed', reason: 'Mailbox full' }),
              delivery(7, { local_date: '2026-09-28', outcome: 'skipped_logged' }),
            ],
    },
  }),
});

const openSection = async (mine: ReminderSchedule, patient = makePatient()) => {
  const api = fixtureApi(routes(mine, patient));
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  const section = await screen.findByRole('region', { name: 'Reminders' }, { timeout: 10_000 });
  return { api, app, section };
};

describe('a patient’s reminders on the staff dashboard', () => {
  it('says the patient’s schedule in words, disables the default with the reason, and lists what was sent', async () => {
    const { api, app, section } = await openSection(byPatient);
    expect(
      await within(section).findByText(
        'Mon, Wed, Fri at 7:30 PM (America/Chicago) by text message — chosen by the patient',
      ),
    ).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Default reminders' });
    expect(form).toHaveTextContent('The patient chose their own reminders in the app');
    expect(within(form).getByRole('button', { name: 'Save default' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Monday' })).toBeDisabled();

    const sent = await within(section).findByRole('table', { name: 'Reminders sent, newest first' });
    const rows = within(sent).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sep 30, 2026Text messageSent');
    expect(rows[2]).toHaveTextContent('Sep 29, 2026E-mailFailedMailbox full');
    expect(rows[3]).toHaveTextContent('Not sent: already logged that day');
    await app.user.click(within(section).getByRole('button', { name: /page 2/i }));
    expect(await within(section).findByText('Not sent: the patient opted out')).toBeInTheDocument();
    expect(api.calls(`GET ${base}sent/`).at(-1)!.url.searchParams.get('page')).toBe('2');

    const adherence = within(section).getByRole('table', { name: 'Days logged of the days planned, week by week' });
    expect(within(adherence).getAllByRole('row')).toHaveLength(9);
    expect(within(adherence).getAllByRole('row')[8]).toHaveTextContent('2 / 3');
    expect(section).toHaveTextContent('4 of 6 planned days logged (67%).');
  });

  it('saves a staff default, with e-mail unavailable when no address is on file', async () => {
    const { api, app, section } = await openSection(schedule(), makePatient({ email: null }));
    expect(await within(section).findByText('Off — nothing saved yet')).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Default reminders' });
    expect(within(form).getByRole('checkbox', { name: /E-mail \(no e-mail address on file\)/ })).toBeDisabled();
    api.set(`PUT ${base}`, (request) => ({
      body: { ...schedule(), ...(request.body as object), set_by: 'staff', updated_at: '2026-10-02T15:00:00.000Z' },
    }));
    await app.user.click(within(form).getByRole('switch', { name: 'Reminders on' }));
    await app.user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await app.user.click(within(form).getByRole('checkbox', { name: 'Sunday' }));
    await app.user.click(within(form).getByRole('button', { name: 'Save default' }));
    await waitFor(() => expect(api.calls(`PUT ${base}`)).toHaveLength(1));
    expect(api.calls(`PUT ${base}`)[0]!.body).toEqual({
      enabled: true,
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      time: '18:00',
      timezone: 'America/New_York',
      language: 'en',
      channels: ['sms'],
      quiet_hours_allowed: false,
    });
  });

  it('turns the form off with the reason when the API answers 409: the patient chose meanwhile', async () => {
    const { api, app, section } = await openSection(schedule({ set_by: 'staff', enabled: true }));
    const form = await within(section).findByRole('form', { name: 'Default reminders' });
    api.set(`PUT ${base}`, problem(409, 'conflict', 'The patient has chosen their own reminders'));
    api.set(`GET ${base}`, { body: byPatient });
    await app.user.click(within(form).getByRole('button', { name: 'Save default' }));
    expect(
      await within(form).findByText(
        'The patient chose their own reminders in the app, so only the patient can change them.',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save default' })).toBeDisabled();
    expect(
      await within(section).findByText(
        'Mon, Wed, Fri at 7:30 PM (America/Chicago) by text message — chosen by the patient',
      ),
    ).toBeInTheDocument();
  });
});
