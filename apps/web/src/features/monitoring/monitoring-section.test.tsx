import type { MonitoringEntry, MonitoringMonth } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { monitoringKeys } from '@web/features/monitoring/api/monitoring-keys.ts';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, manager, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles, csvFile } from '@web/testing/saved-files.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

const maria = makePatient();
const session: MonitoringEntry = {
  type: 'session',
  id: 31,
  staff: { id: 7, display_name: 'Tara Nguyen' },
  started_at: '2026-01-05T18:00:00Z',
  ended_at: '2026-01-05T18:02:05Z',
  seconds: 125,
  context: 'MONITORING_CODE_DESKTOP_CHAT',
  end_reason: 'idle',
};
const open: MonitoringEntry = {
  type: 'session',
  id: 32,
  staff: { id: 9, display_name: 'Sam Ortiz' },
  started_at: '2026-01-20T18:00:00Z',
  ended_at: null,
  seconds: 45,
  context: 'MONITORING_CODE_MOBILE_CHAT',
  end_reason: null,
};
const videoCall: MonitoringEntry = {
  type: 'call',
  id: 501,
  staff: { id: 7, display_name: 'Tara Nguyen' },
  date: '2026-01-07',
  kind: 'video',
  minutes: 12,
};
const month = (changes: Partial<MonitoringMonth> = {}): MonitoringMonth => ({
  month: '2026-01',
  timezone: 'America/Los_Angeles',
  monitored_seconds: 170,
  call_minutes: 12,
  total_minutes: 14,
  has_live_call: true,
  filed: null,
  count: 3,
  next: null,
  previous: null,
  results: [open, videoCall, session],
  ...changes,
});
const empty = month({
  monitored_seconds: 0,
  call_minutes: 0,
  total_minutes: 0,
  has_live_call: false,
  count: 0,
  results: [],
});

const MONTH_URL = 'GET /api/v1/patients/101/monitoring/';
const EXPORT_URL = 'GET /api/v1/patients/101/monitoring/export/';

const routes = (user = signedInRoutes()) => ({
  ...user,
  'GET /api/v1/patients/101/': { body: maria },
  'GET /api/v1/patients/101/log_interaction/': { body: { count: 0, next: null, previous: null, results: [] } },
});

const section = () => screen.findByRole('region', { name: 'Monitoring' });

describe('the monitoring section of the patient dashboard', () => {
  it('shows the month’s minutes and the sessions and calls behind them', async () => {
    const api = fixtureApi({ ...routes(), [MONTH_URL]: { body: month() } });
    renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    const minutes = await within(monitoring).findByLabelText('Minutes of January 2026');
    expect(minutes).toHaveTextContent('Total14 min');
    expect(minutes).toHaveTextContent('Monitored2 min 50 s');
    expect(minutes).toHaveTextContent('Calls12 min');
    expect(minutes).toHaveTextContent('Live callYes');

    const items = within(within(monitoring).getByRole('list', { name: 'Sessions and calls' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Monitored session45 s');
    expect(items[0]).toHaveTextContent('Jan 20, 2026');
    expect(items[0]).toHaveTextContent('in progress');
    expect(items[0]).toHaveTextContent('Sam Ortiz');
    expect(items[0]).toHaveTextContent('Chat (phone)');
    expect(items[1]).toHaveTextContent('Video call12 min');
    expect(items[1]).toHaveTextContent('Jan 7, 2026 · Tara Nguyen');
    expect(items[2]).toHaveTextContent('Monitored session2 min 5 s');
    expect(items[2]).toHaveTextContent('Chat (desktop) · 2 min 5 s counted · Ended: Idle for 5 minutes');
    // Times are the clinic's (Los Angeles), as its minutes count by its calendar, whatever the browser's zone.
    expect(items[2]).toHaveTextContent('Jan 5, 2026, 10:00 AM – 10:02 AM PST · Tara Nguyen');
    expect(screen.getByRole('link', { name: 'Monitoring' })).toHaveAttribute('href', '#monitoring');
    // The current month unless another is picked.
    expect(api.calls(MONTH_URL)[0]?.url.searchParams.get('month')).toBeNull();
    expect(api.calls(MONTH_URL)[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('says what a short session counted, never “No time counted” when seconds were counted (decision 1221)', async () => {
    const short = (changes: Partial<Extract<MonitoringEntry, { type: 'session' }>>): MonitoringEntry => ({
      ...session,
      seconds: 13,
      context: 'MONITORING_CODE_PATIENT_DASHBOARD',
      end_reason: 'left',
      ...changes,
    });
    const results = [
      short({ id: 41 }),
      // A session stored before the start named its context.
      short({ id: 42, context: null }),
      short({ id: 43, seconds: 0 }),
    ];
    fixtureApi({ ...routes(), [MONTH_URL]: { body: month({ count: 3, results }) } });
    renderApp('/patient/101/dashboard', { token: 't' });
    const list = await within(await section()).findByRole('list', { name: 'Sessions and calls' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Patient dashboard · 13 s counted · Ended: Left the patient or the screen');
    expect(items[1]).toHaveTextContent('Context not recorded · 13 s counted · Ended: Left the patient or the screen');
    expect(items[2]).toHaveTextContent('Patient dashboard · No time counted · Ended: Left the patient or the screen');
    expect(within(list).getAllByText(/No time counted/)).toHaveLength(1);
  });

  it('says so when nothing was monitored or called that month, and shows managers the section too', async () => {
    fixtureApi({ ...routes(signedInRoutes(manager)), [MONTH_URL]: { body: empty } });
    renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    expect(await within(monitoring).findByRole('region', { name: 'Nothing monitored in January 2026' })).toBeVisible();
    expect(within(monitoring).getByLabelText('Minutes of January 2026')).toHaveTextContent('Live callNo');
    expect(within(monitoring).queryByRole('list', { name: 'Sessions and calls' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the minutes cannot be loaded', async () => {
    const api = fixtureApi({ ...routes(), [MONTH_URL]: problem(500, 'server_error', 'Something went wrong') });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    expect(await within(monitoring).findByText('The monitored minutes could not be loaded')).toBeInTheDocument();
    api.set(MONTH_URL, { body: month() });
    await app.user.click(within(monitoring).getByRole('button', { name: /Try again|Retry/ }));
    expect(await within(monitoring).findByLabelText('Minutes of January 2026')).toHaveTextContent('Total14 min');
  });

  it('reads an earlier month picked from the month list, back to January 2025', async () => {
    const api = fixtureApi({
      ...routes(),
      [MONTH_URL]: (request) => {
        const picked = request.url.searchParams.get('month');
        return { body: picked ? month({ ...empty, month: picked }) : month() };
      },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    await within(monitoring).findByLabelText('Minutes of January 2026');
    const picker = within(monitoring).getByRole('combobox', { name: 'Month' });
    await app.user.click(picker);
    const options = within(monitoring).getAllByRole('option');
    expect(options.at(-1)).toHaveTextContent('January 2025');
    expect(options[0]).toHaveTextContent(dayjs().format('MMMM YYYY'));
    await app.user.click(within(monitoring).getByRole('option', { name: 'March 2025' }));
    expect(await within(monitoring).findByRole('region', { name: 'Nothing monitored in March 2025' })).toBeVisible();
    expect(api.calls(MONTH_URL).at(-1)?.url.searchParams.get('month')).toBe('2025-03');
  });

  it('downloads the audit CSV of the month shown with the user’s token and saves it', async () => {
    const csv = '\uFEFFPatient,Patient ID\r\nMaria Garcia,101\r\n';
    const api = fixtureApi({
      ...routes(),
      [MONTH_URL]: { body: month() },
      [EXPORT_URL]: csvFile('monitoring-patient-101-2026-01.csv', csv),
    });
    const saved = catchSavedFiles();

    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    await within(monitoring).findByLabelText('Minutes of January 2026');
    await app.user.click(within(monitoring).getByRole('button', { name: 'Download audit CSV' }));

    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    const [request] = api.calls(EXPORT_URL);
    expect(request?.headers.get('authorization')).toBe('Bearer t');
    expect(request?.headers.get('accept')).toContain('text/csv');
    expect(request?.url.searchParams.get('month')).toBe('2026-01');
    const link = saved.link();
    expect(link.download).toBe('monitoring-patient-101-2026-01.csv');
    expect(link.href).toBe('blob:saved');
    // The file is saved byte for byte, its byte-order mark included.
    const bytes = new Uint8Array(await saved.blob().arrayBuffer());
    expect([...bytes]).toEqual([...new TextEncoder().encode(csv)]);
  });

  it('keys its queries under the patient, for the monitoring timer to refresh', () => {
    expect(monitoringKeys.month(101, '2026-01', 2).slice(0, 3)).toEqual(['monitoring', 'patient', 101]);
    expect(monitoringKeys.patient(101)).toEqual(['monitoring', 'patient', 101]);
  });

  it('shows a closed month’s filed minutes beside the live total when a correction moved it', async () => {
    fixtureApi({
      ...routes(),
      [MONTH_URL]: { body: month({ total_minutes: 45, filed: { at: '2026-02-01T08:10:00Z', minutes: 28 } }) },
    });
    renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    expect(await within(monitoring).findByText('Filed: 28 min · 45 min now')).toBeVisible();
    expect(monitoring).toHaveTextContent('including a correction logged after the close on Feb 1, 2026, 12:10 AM PST');
  });

  it('says a closed month bills nothing for a patient its file does not hold, and claims no correction', async () => {
    fixtureApi({
      ...routes(),
      [MONTH_URL]: { body: month({ total_minutes: 8, filed: { at: '2026-02-01T08:10:00Z', minutes: null } }) },
    });
    renderApp('/patient/101/dashboard', { token: 't' });
    const monitoring = await section();
    expect(
      await within(monitoring).findByText(
        'Not in the month’s billing file, filed on Feb 1, 2026, 12:10 AM PST: it bills nothing for this patient.',
      ),
    ).toBeVisible();
    expect(monitoring).not.toHaveTextContent('correction');
  });
});
