import type { Balances, BillingSettings, CurrentUser, StaffBalance } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { clinic, manager, signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles, csvFile } from '@web/testing/saved-files.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The clinic's today: March 15, 2026 in New York, so March 2026 is the running month. */
const NOW = new Date('2026-03-15T17:00:00Z');
const BALANCES = 'GET /api/v1/clinic/balances/';
const EXPORT = 'GET /api/v1/clinic/balances/export';
const SETTINGS = 'GET /api/v1/clinic/billing-settings/';
const CHANGE = 'PATCH /api/v1/clinic/billing-settings/';

const tara: StaffBalance = {
  staff: { id: 7, display_name: 'Tara Nguyen', role: 'therapist' },
  monitored_seconds: 1830,
  calls: 1,
  call_minutes: 10,
  patients: 2,
  payable_minutes: 40,
  not_payable_minutes: 2,
  pay: 40,
};
const sam: StaffBalance = {
  staff: { id: 2, display_name: 'Sam Boss', role: 'supervisor' },
  monitored_seconds: 45,
  calls: 0,
  call_minutes: 0,
  patients: 1,
  payable_minutes: 0,
  not_payable_minutes: 0,
  pay: 0,
};

const balances = (changes: Partial<Balances> = {}): Balances => ({
  count: 2,
  next: null,
  previous: null,
  results: [sam, tara],
  month: '2026-02',
  timezone: 'America/New_York',
  is_provisional: false,
  hourly_rate: 60,
  totals: { ...tara, monitored_seconds: 1875, patients: 2, pay: 40 },
  ...changes,
});

const settings = (monitoringRate: number | null): BillingSettings => ({
  timezone: 'America/New_York',
  monitoring_rate: monitoringRate,
  rates: [],
  staff: [],
});

const routes = (user: CurrentUser, answer: (request: RecordedRequest) => Balances = () => balances()) => ({
  ...signedInRoutes(user),
  'GET /api/v1/clinics/DEMO01/': { body: clinic() },
  [SETTINGS]: { body: settings(60) },
  [BALANCES]: (request: RecordedRequest) => ({ body: answer(request) }),
});

beforeEach(() => {
  // Only the clock's date is fixed: timers stay real for the query layer and user events.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

/** The staff pay section once its figures are in (the skeleton before them is in the same section). */
async function staffPay(name = 'Staff pay in February 2026') {
  const section = await screen.findByRole('region', { name });
  await within(section).findByLabelText(/^Totals of/);
  return section;
}

describe('the staff pay view of the balances screen', () => {
  it('shows each staff member’s month with totals, the not payable minutes apart, for the month picked', async () => {
    const api = fixtureApi(routes(manager));
    renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    const section = await staffPay();

    expect(screen.getByRole('link', { name: 'Staff pay' })).toHaveAttribute('aria-current', 'page');
    expect(Object.fromEntries(api.calls(BALANCES)[0]!.url.searchParams)).toEqual({ month: '2026-02', page: '1' });
    expect(within(section).getByLabelText('Totals of February 2026')).toHaveTextContent(
      'Pay$40.00Payable minutes40Not payable minutes2Hourly rate$60.00',
    );
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sam BossSupervisor45 sNo calls10 min0 min$0.00');
    expect(rows[2]).toHaveTextContent('Tara NguyenStaff Therapist30 min 30 s1 call, 10 min240 min2 min$40.00');
    expect(rows.at(-1)).toHaveTextContent('Total31 min 15 s1 call, 10 min240 min2 min$40.00');
    expect(section).toHaveTextContent(/Not payable: minutes on patients who had no live call/);
    // An ended month's pay follows the time as logged, not the billing file (decision 1285).
    expect(section).toHaveTextContent(/Staff pay counts the time as logged now, including calls logged into the month/);
    // The billing part is not shown meanwhile; the billing settings (with the rate) are.
    expect(screen.queryByRole('region', { name: /^Units of/ })).not.toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Billing settings' });
    await waitFor(() => expect(panel).toHaveTextContent('Hourly monitoring rate$60.00'));
  });

  it('says pay cannot be computed while the hourly rate is not set, rather than showing $0', async () => {
    const notSet = <T extends { pay: number | null }>(row: T): T => ({ ...row, pay: null });
    fixtureApi(
      routes(manager, () =>
        balances({ hourly_rate: null, results: [notSet(sam), notSet(tara)], totals: notSet(balances().totals) }),
      ),
    );
    renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    const section = await staffPay();
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Pay cannot be computed yetThe clinic has not set its hourly monitoring rate. A supervisor or an admin sets it',
    );
    expect(within(section).getByLabelText('Totals of February 2026')).toHaveTextContent('Pay—');
    expect(within(section).getByLabelText('Totals of February 2026')).toHaveTextContent('Hourly rateNot set');
    expect(section).not.toHaveTextContent('$0.00');
  });

  it('reads the pay again once a supervisor changes the hourly rate in the billing settings', async () => {
    let rate = 60;
    const api = fixtureApi({
      ...routes(supervisor, () =>
        balances({ hourly_rate: rate, results: [{ ...tara, pay: (40 * rate) / 60 }], count: 1 }),
      ),
      [SETTINGS]: () => ({ body: settings(rate) }),
      [CHANGE]: (request) => {
        rate = (request.body as { monitoring_rate: number }).monitoring_rate;
        return { body: settings(rate) };
      },
    });
    const app = renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    const section = await staffPay();
    expect(within(section).getByRole('table')).toHaveTextContent('$40.00');
    const field = await screen.findByRole('textbox', { name: 'Hourly monitoring rate (USD)' });
    await app.user.clear(field);
    await app.user.type(field, '90');
    await app.user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await waitFor(() => expect(within(section).getByRole('table')).toHaveTextContent('$60.00'));
    expect(api.calls(BALANCES).length).toBeGreaterThan(1);
  });

  it('shows a therapist their own figures, without the clinic’s totals row', async () => {
    fixtureApi(routes(therapist, () => balances({ count: 1, results: [tara], totals: tara })));
    renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    const section = await staffPay('Your pay in February 2026');
    expect(section).toHaveTextContent('Your monitored time and logged live calls of the month');
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Tara Nguyen');
  });

  it('shows phones a card per staff member', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(360);
    fixtureApi(routes(manager));
    renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    const section = await staffPay();
    const cards = within(within(section).getByRole('list', { name: 'Staff pay in February 2026' })).getAllByRole(
      'listitem',
    );
    expect(cards[1]).toHaveTextContent('Tara NguyenStaff Therapist$40.00');
    expect(cards[1]).toHaveTextContent('Not payable2 min');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says plainly when nobody has time in the month, running or not', async () => {
    const empty = balances({ count: 0, results: [], is_provisional: true, month: '2026-03' });
    fixtureApi(routes(manager, () => empty));
    renderApp('/balances?view=staff', { token: 't' });
    expect(await screen.findByRole('region', { name: 'No monitored time in March 2026 so far' })).toHaveTextContent(
      'No staff member was monitored on a patient or logged a live call in this month.',
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the figures cannot be loaded', async () => {
    const api = fixtureApi({ ...routes(manager), [BALANCES]: problem(500, 'internal', 'Down') });
    const app = renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    expect(await screen.findByText('The staff pay of February 2026 could not be loaded')).toBeInTheDocument();
    api.set(BALANCES, { body: balances() });
    await app.user.click(screen.getByRole('button', { name: /try again/i }));
    expect(within(await staffPay()).getByRole('table')).toBeInTheDocument();
  });

  it('downloads the month’s CSV', async () => {
    const api = fixtureApi({
      ...routes(manager),
      [EXPORT]: csvFile('balances-DEMO01-2026-02.csv', 'Staff member\r\n'),
    });
    const saved = catchSavedFiles();
    const app = renderApp('/balances?view=staff&month=2026-02', { token: 't' });
    await app.user.click(await within(await staffPay()).findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    expect(saved.link().download).toBe('balances-DEMO01-2026-02.csv');
    expect(api.calls(EXPORT)[0]?.url.searchParams.get('month')).toBe('2026-02');
  });

  it('switches between the views in the address', async () => {
    fixtureApi({
      ...routes(manager),
      'GET /clinic/billing-units': problem(500, 'internal'),
      'GET /clinic/billing-chart': problem(500, 'internal'),
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    await app.user.click(await screen.findByRole('link', { name: 'Staff pay' }));
    await staffPay();
    expect(app.location().search).toBe('?month=2026-02&view=staff');
    await app.user.click(screen.getByRole('link', { name: 'RTM billing' }));
    expect(app.location().search).toBe('?month=2026-02');
  });
});
