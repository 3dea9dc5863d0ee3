import type { RtmCode, RtmStatus } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { makePatient, patientPage, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A coached code: not met, billing this month, needing nothing unless changed. */
const code = (code: RtmCode['code'], kind: RtmCode['kind'], day: string, over: Partial<RtmCode> = {}): RtmCode => ({
  code,
  kind,
  date_of_service: day,
  bills_this_month: true,
  is_met: false,
  data_days_needed: 0,
  minutes_needed: 0,
  needs_live_call: false,
  instead_of: null,
  ...over,
});

/** The example: 14 of 16 data days with 9 days left, 17 of 20 minutes, no call yet. */
const example: RtmStatus = {
  window: { start: '2026-03-01', end: '2026-03-30', data_days: 14, data_days_goal: 16, days_left: 9 },
  minutes: 17,
  minutes_goal: 20,
  needs_call: true,
  is_ready_to_bill: true,
  is_close: true,
  is_billable: true,
  not_billable: [],
  codes: [
    code('98985', 'device', '2026-03-30', { is_met: true }),
    code('98977', 'device', '2026-03-30', { data_days_needed: 2, instead_of: '98985' }),
    code('98979', 'management', '2026-03-31', { needs_live_call: true }),
    code('98980', 'management', '2026-03-31', { minutes_needed: 3, needs_live_call: true }),
  ],
};
/** 98985 met in a window that ends next month (Dec 20): nothing bills this month yet. */
const billsNextMonth: RtmStatus = {
  window: { start: '2026-11-21', end: '2026-12-20', data_days: 7, data_days_goal: 16, days_left: 23 },
  minutes: 5,
  minutes_goal: 10,
  needs_call: true,
  is_ready_to_bill: false,
  is_close: true,
  is_billable: true,
  not_billable: [],
  codes: [
    code('98985', 'device', '2026-12-20', { is_met: true, bills_this_month: false }),
    code('98977', 'device', '2026-12-20', { bills_this_month: false, data_days_needed: 9, instead_of: '98985' }),
    code('98979', 'management', '2026-11-30', { minutes_needed: 5, needs_live_call: true }),
  ],
};
const uncovered: RtmStatus = {
  ...example,
  needs_call: false,
  is_ready_to_bill: false,
  is_close: false,
  is_billable: false,
  not_billable: ['not_covered'],
  codes: [],
};

const maria = {
  ...makePatient(),
  rtm: example,
  call_status: { status: 'CALL_NOK' as const, is_needed: true, needs_reminder: false },
};
const james = { ...makePatient({ id: 102, first_name: 'James', last_name: 'Brown', status: 'registered' }), rtm: null };
const linda = {
  ...makePatient({ id: 103, first_name: 'Linda', last_name: 'Wilson', is_rtm_covered: false }),
  rtm: uncovered,
};

const listCalls = (api: ReturnType<typeof fixtureApi>) =>
  api.calls('GET /api/v1/patients/').map((request) => Object.fromEntries(request.url.searchParams));

describe('RTM status on the patient list', () => {
  it('shows each patient’s status this month in short words, what needs a look marked apart', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria, james, linda]) } });
    renderApp('/patients', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Patients' });
    expect(within(table).getByRole('columnheader', { name: 'This month' })).toBeInTheDocument();
    const [, mariaRow, jamesRow, lindaRow] = within(table).getAllByRole('row');
    const labels = within(mariaRow!)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.className]);
    expect(labels).toEqual([
      ['14 of 16 data days, 9 days left', 'rtm-label rtm-label--data_days'],
      ['17 of 20 min', 'rtm-label rtm-label--minutes'],
      ['ready to bill: 98985', 'rtm-label rtm-label--ready'],
      ['close to a threshold', 'rtm-label rtm-label--close'],
      // The call status says it once, after the RTM status (decision 0901).
      ['call needed', 'rtm-label rtm-label--call_needed'],
    ]);
    // The list shows no bars: they are the dashboard's.
    expect(within(mariaRow!).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(jamesRow).toHaveTextContent('Not in RTM this month');
    expect(
      within(lindaRow!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['not covered']);
  });

  it('filters the patients close to a threshold this month, kept in the address and cleared with the others', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': ({ url }) =>
        url.searchParams.get('rtm') === 'close'
          ? { body: patientPage(url.searchParams.get('status') ? [] : [maria]) }
          : { body: patientPage([maria, james, linda]) },
    });
    const app = renderApp('/patients', { token: 't' });
    await screen.findByText('Linda Wilson');
    const filter = screen.getByRole('checkbox', { name: 'Close to a threshold this month' });
    expect(filter).not.toBeChecked();
    await app.user.click(filter);
    await waitFor(() => expect(screen.queryByText('Linda Wilson')).not.toBeInTheDocument());
    expect(listCalls(api).at(-1)).toEqual({ rtm: 'close', page: '1' });
    expect(app.location().search).toBe('?rtm=close');
    expect(screen.getByText('Maria Garcia')).toBeInTheDocument();

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(screen.getByRole('option', { name: 'Discharged' }));
    await app.user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    // The unfiltered list comes back (from the cache: it was read first).
    expect(await screen.findByText('Linda Wilson')).toBeInTheDocument();
    expect(app.location().search).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Close to a threshold this month' })).not.toBeChecked();
  });

  it('opens with the filter on from a shared link', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria]) } });
    renderApp('/patients?rtm=close', { token: 't' });
    expect(await screen.findByRole('checkbox', { name: 'Close to a threshold this month' })).toBeChecked();
    expect(listCalls(api)[0]).toEqual({ rtm: 'close', page: '1' });
  });
});

describe('RTM this month on the patient dashboard', () => {
  const routes = (rtm: RtmStatus | null, patient = makePatient()) => ({
    ...signedInRoutes(),
    [`GET /api/v1/patients/${patient.id}/`]: { body: patient },
    [`GET /api/v1/patients/${patient.id}/rtm-status/`]: { body: { today: '2026-03-22', rtm } },
  });

  it('shows the same words, with bars for the data days and the minutes', async () => {
    fixtureApi(routes(example));
    renderApp('/patient/101/dashboard', { token: 't' });
    const card = await screen.findByRole('region', { name: 'RTM this month' });
    await within(card).findByText('14 of 16 data days, 9 days left');
    expect(card).toHaveTextContent('17 of 20 min');
    expect(card).toHaveTextContent('close to a threshold');
    // A line a code: which one bills, when, and what is still missing (decision 1241).
    const codes = within(card).getByRole('list', { name: 'Codes: when they bill, what is missing' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'This month98985: met, bills this month (Mar 30)',
      "Not yet98977 instead of 98985: 2 more data days by Mar 30, the window's end",
      "Not yet98979: a live call by Mar 31, the month's end",
      "Not yet98980: 3 more min and a live call by Mar 31, the month's end",
    ]);
    const dataDays = within(card).getByRole('progressbar', { name: 'Data days' });
    expect(dataDays).toHaveAttribute('value', '14');
    expect(dataDays).toHaveAttribute('max', '16');
    const minutes = within(card).getByRole('progressbar', { name: 'Minutes' });
    expect(minutes).toHaveAttribute('value', '17');
    expect(minutes).toHaveAttribute('max', '20');
  });

  it('says a code met in a window ending next month bills then, and is not ready to bill this month', async () => {
    fixtureApi(routes(billsNextMonth));
    renderApp('/patient/101/dashboard', { token: 't' });
    const card = await screen.findByRole('region', { name: 'RTM this month' });
    await within(card).findByText('7 of 16 data days, 23 days left');
    expect(card).not.toHaveTextContent(/ready to bill/i);
    const codes = within(card).getByRole('list', { name: 'Codes: when they bill, what is missing' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.className]),
    ).toEqual([
      ["Later98985: met, bills at the window's end, Dec 20", 'rtm-code rtm-code--later'],
      ["Not yet98977 instead of 98985: 9 more data days by Dec 20, the window's end", 'rtm-code rtm-code--missing'],
      ["Not yet98979: 5 more min and a live call by Nov 30, the month's end", 'rtm-code rtm-code--missing'],
    ]);
  });

  it('says on the list when a met code bills, when that is next month', async () => {
    const row = { ...maria, rtm: billsNextMonth };
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([row]) } });
    renderApp('/patients', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Patients' });
    const [, only] = within(table).getAllByRole('row');
    expect(within(only!).getByText('98985 met, bills Dec 20')).toHaveClass('rtm-label--bills_later');
    expect(only).not.toHaveTextContent(/ready to bill/i);
  });

  it('fills the data-day bar once every threshold is met, and says when there is no episode this month', async () => {
    const met = { ...example, window: { ...example.window!, data_days: 18 } };
    fixtureApi(routes(met));
    const first = renderApp('/patient/101/dashboard', { token: 't' });
    const card = await screen.findByRole('region', { name: 'RTM this month' });
    await within(card).findByText('18 data days, 9 days left');
    expect(within(card).getByRole('progressbar', { name: 'Data days' })).toHaveAttribute('value', '16');
    first.unmount();

    fixtureApi(routes(null, makePatient({ status: 'discharged' })));
    renderApp('/patient/101/dashboard', { token: 't' });
    const none = await screen.findByRole('region', { name: 'RTM this month' });
    expect(await within(none).findByText('Not in RTM this month')).toBeInTheDocument();
  });

  describe('while the therapist is monitored on the patient', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('moves with each saved heart-beat, without a reload (decision 1242)', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.spyOn(document, 'hasFocus').mockReturnValue(true);
      const statusUrl = 'GET /api/v1/patients/101/rtm-status/';
      const api = fixtureApi({
        ...routes(example),
        'POST /user/therapist/monitoring': { status: 201, body: { id: 55 } },
        'PUT /user/therapist/dashboard/monitoring/55': {
          body: { id: 55, seconds: 29, is_ended: false, end_reason: null },
        },
      });
      renderApp('/patient/101/dashboard', { token: 't' });
      const card = await screen.findByRole('region', { name: 'RTM this month' });
      await within(card).findByText('17 of 20 min');
      await waitFor(() => expect(api.calls('POST /user/therapist/monitoring')).toHaveLength(1));
      const reads = api.calls(statusUrl).length;

      // The server counted the beat's seconds: the card reads the minutes again as the beat is saved.
      api.set(statusUrl, { body: { today: '2026-03-22', rtm: { ...example, minutes: 18 } } });
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(api.calls('PUT /user/therapist/dashboard/monitoring/55')).toHaveLength(1));
      expect(await within(card).findByText('18 of 20 min')).toBeInTheDocument();
      expect(api.calls(statusUrl)).toHaveLength(reads + 1);
    });
  });

  it('leaves the card out for a registered patient', async () => {
    const api = fixtureApi(routes(null, makePatient({ status: 'registered' })));
    renderApp('/patient/101/dashboard', { token: 't' });
    await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 });
    expect(screen.queryByRole('region', { name: 'RTM this month' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/v1/patients/101/rtm-status/')).toEqual([]);
  });
});
