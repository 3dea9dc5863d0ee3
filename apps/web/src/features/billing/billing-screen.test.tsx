import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles, csvFile } from '@web/testing/saved-files.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  askedMonth,
  billingRoutes,
  CHART_URL,
  checkFileUrl,
  maria,
  NOW,
  nobody,
  UNITS_URL,
  units,
} from './billing-fixtures.ts';

beforeEach(() => {
  // Only the clock's date is fixed: timers stay real for the query layer and user events.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

/** The month's units once loaded (the skeleton before them has the same name). */
const unitsSection = async () =>
  (await screen.findByRole('table', { name: 'Units of March 2026, per code' })).closest('section')!;

describe('the balances screen (billing)', () => {
  it('shows the running month’s units per code with rate and expected payment in dollars, and says it is provisional', async () => {
    const api = fixtureApi(billingRoutes());
    renderApp('/balances', { token: 't' });
    const section = await unitsSection();

    expect(within(section).getByRole('status')).toHaveTextContent('Provisional — the month is still running');
    expect(within(section).getByLabelText('Totals of March 2026')).toHaveTextContent(
      'Expected payment$136.95Units4Patients2',
    );
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('98977Device supply, 16–30 data days1$39.75$31.80');
    expect(rows[3]).toHaveTextContent('98980Treatment management, first 20 min1$53.81$43.05');
    expect(rows.at(-1)).toHaveTextContent('Total4$136.95');
    // Rate, then the payment per unit every amount is a multiple of, and the rule that reproduces it to the cent.
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Code', 'Service', 'Units', 'Rate', 'Paid per unit', 'Expected payment']);
    expect(section).toHaveTextContent(
      'Expected payment is units × the payment per unit: the clinic’s rate × 80 % (Medicare’s share), rounded to the cent.',
    );

    // The clinic's current month (New York), asked of the API as month and year, for the caller's own clinic.
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveTextContent('March 2026');
    const [request] = api.calls(UNITS_URL);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ month: '3', year: '2026', page: '1' });
    expect(screen.getByRole('link', { name: 'RTM billing' })).toHaveAttribute('aria-current', 'page');
    // The clinic's billing settings follow, read-only for an office manager.
    expect(await screen.findByRole('region', { name: 'Billing settings' })).toHaveTextContent(
      'Supervisors and admins change them.',
    );
  });

  it('lists each patient who bills: codes with units, service dates, window and data days, minutes, calls, therapist and NPI, payment', async () => {
    fixtureApi(billingRoutes());
    renderApp('/balances', { token: 't' });
    const patients = await screen.findByRole('region', { name: 'Patients who bill in March 2026' });
    const [, first, second] = within(patients).getAllByRole('row');

    expect(within(first!).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute(
      'href',
      '/patient/101/dashboard',
    );
    expect(first).toHaveTextContent('Born Mar 4, 1956 · M54.50');
    expect(first).toHaveTextContent(
      '98977 × 1 GP Device supply, 16–30 data daysDate of service Mar 9, 2026 · window Feb 8, 2026 – Mar 9, 2026 · 18 data days',
    );
    expect(first).toHaveTextContent(
      '98980 × 1 GP CQ Treatment management, first 20 minDate of service Mar 31, 2026 · 42 min',
    );
    expect(first).toHaveTextContent('Mar 3, 2026Mar 12, 2026');
    expect(first).toHaveTextContent('Tara NguyenNPI 1234567893');
    expect(first).toHaveTextContent('$108.15');
    expect(within(first!).getByRole('button', { name: 'Audit CSV of Maria Garcia, March 2026' })).toBeEnabled();

    expect(second).toHaveTextContent('98985 × 1 GP');
    expect(second).toHaveTextContent('4 minNo live call');
    expect(second).toHaveTextContent('Not assigned');
  });

  it('unfolds the data days behind a supply code, each with what the patient sent', async () => {
    fixtureApi(billingRoutes());
    const { user } = renderApp('/balances', { token: 't' });
    const patients = await screen.findByRole('region', { name: 'Patients who bill in March 2026' });
    const [, first] = within(patients).getAllByRole('row');
    const summary = within(first!).getByText('Data days of 98977: what the patient sent');
    const days = summary.closest('details')!;
    expect(days).not.toHaveAttribute('open');
    await user.click(summary);
    expect(days).toHaveAttribute('open');
    const items = within(days).getAllByRole('listitem');
    expect(items).toHaveLength(18);
    expect(items[0]).toHaveTextContent('Feb 8, 2026: exercise logged');
    // Management codes have no window, and no data days to unfold.
    expect(within(first!).queryByText(/Data days of 9898/)).toBeNull();
  });

  it('shows each patient as a card on a phone, with the same facts and links', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(360);
    fixtureApi(billingRoutes());
    renderApp('/balances', { token: 't' });
    const cards = await screen.findByRole('list', { name: 'Patients who bill in March 2026' });
    const [first] = within(cards)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === cards);
    expect(within(first!).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute(
      'href',
      '/patient/101/dashboard',
    );
    expect(first).toHaveTextContent('$108.15');
    expect(first).toHaveTextContent('Minutes42');
    expect(first).toHaveTextContent('Rendering therapistTara NguyenNPI 1234567893');
    expect(within(first!).getByRole('button', { name: 'Audit CSV of Maria Garcia, March 2026' })).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Patients who bill in March 2026' })).not.toBeInTheDocument();
  });

  it('downloads the minutes’ audit CSV of a patient’s month from the row', async () => {
    const api = fixtureApi({
      ...billingRoutes(),
      'GET /api/v1/patients/101/monitoring/export/': csvFile('monitoring-patient-101-2026-03.csv', 'Patient\r\n'),
    });
    const saved = catchSavedFiles();
    const app = renderApp('/balances', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Audit CSV of Maria Garcia, March 2026' }));
    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    expect(saved.link().download).toBe('monitoring-patient-101-2026-03.csv');
    expect(api.calls('GET /api/v1/patients/101/monitoring/export/')[0]?.url.searchParams.get('month')).toBe('2026-03');
  });

  it('reads another month picked back to January 2025, keeps it in the address, and charts that month’s year', async () => {
    const api = fixtureApi(billingRoutes());
    const app = renderApp('/balances', { token: 't' });
    await unitsSection();
    await app.user.click(screen.getByRole('combobox', { name: 'Month' }));
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('March 2026');
    expect(options.at(-1)).toHaveTextContent('January 2025');
    await app.user.click(screen.getByRole('option', { name: 'December 2025' }));

    expect(await screen.findByRole('region', { name: 'No patient bills in December 2025' })).toBeVisible();
    expect(app.location().search).toBe('?month=2025-12');
    expect(askedMonth(api.calls(UNITS_URL).at(-1)!)).toBe('2025-12');
    // A past year is charted whole; the running year up to the clinic's month.
    await screen.findByRole('region', { name: '2025 by month' });
    const chartAsked = api
      .calls(CHART_URL)
      .map((r) => `${r.url.searchParams.get('year')}/${r.url.searchParams.get('current_month')}`);
    expect(chartAsked).toEqual(['2026/3', '2025/12']);
    expect(api.calls(checkFileUrl(12, 2025))).toHaveLength(1);
  });

  it('opens the month of the address, and never one before January 2025 or after the clinic’s month', async () => {
    const api = fixtureApi(billingRoutes());
    renderApp('/balances?month=2026-02', { token: 't' });
    expect(await screen.findByRole('region', { name: 'No patient bills in February 2026' })).toHaveTextContent(
      'No covered, consented and onboarded patient reached a code’s threshold that month',
    );
    expect(askedMonth(api.calls(UNITS_URL)[0]!)).toBe('2026-02');

    for (const outside of ['2026-04', '2024-12']) {
      const again = fixtureApi(billingRoutes());
      const view = renderApp(`/balances?month=${outside}`, { token: 't' });
      await unitsSection();
      expect(askedMonth(again.calls(UNITS_URL)[0]!)).toBe('2026-03');
      view.unmount();
    }
  });

  it('pages through the patients who bill, on the server', async () => {
    const api = fixtureApi({
      ...billingRoutes(),
      [UNITS_URL]: (request) => {
        const page = Number(request.url.searchParams.get('page'));
        return { body: units({ count: 30, results: page === 2 ? [maria] : units().results }) };
      },
    });
    const app = renderApp('/balances', { token: 't' });
    const patients = await screen.findByRole('region', { name: 'Patients who bill in March 2026' });
    expect(within(patients).getAllByRole('row')).toHaveLength(3);
    const pages = within(patients).getByRole('navigation', { name: 'Patients who bill, pages' });
    await app.user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(patients).getAllByRole('row')).toHaveLength(2));
    expect(api.calls(UNITS_URL).at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(app.location().search).toBe('?page=2');
  });

  it('says so when nobody bills yet in the running month', async () => {
    fixtureApi({ ...billingRoutes(), [UNITS_URL]: { body: nobody('2026-03', true) } });
    renderApp('/balances', { token: 't' });
    const empty = await screen.findByRole('region', { name: 'No patient bills in March 2026 so far' });
    expect(empty).toHaveTextContent('The month is still running.');
    expect(screen.queryByRole('region', { name: /Patients who bill/ })).not.toBeInTheDocument();
  });

  it('shows what failed with a retry when the units cannot be loaded', async () => {
    const api = fixtureApi({
      ...billingRoutes(),
      [UNITS_URL]: problem(503, 'database_unavailable', 'The database is not answering.'),
    });
    const app = renderApp('/balances', { token: 't' });
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent(
      'The billing units of March 2026 could not be loadedThe database is not answering.',
    );
    api.set(UNITS_URL, { body: units() });
    await app.user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await unitsSection()).toHaveTextContent('$136.95');
  });

  it('charts the year by month with its figures as a table and a summary in words', async () => {
    fixtureApi(billingRoutes());
    const app = renderApp('/balances', { token: 't' });
    const year = await screen.findByRole('region', { name: '2026 by month' });
    expect(await within(year).findByText(/January to March 2026/)).toHaveTextContent(
      'January to March 2026: 9 units and $308.68 expected in all; March 2026 is still running.',
    );
    // The drawing loads without a canvas to draw on (jsdom), and is hidden from assistive technology.
    await waitFor(() => expect(year.querySelector('.billing-chart canvas')).not.toBeNull());
    expect(year.querySelector('.billing-chart')).toHaveAttribute('aria-hidden', 'true');
    await app.user.click(within(year).getByText('The chart’s figures as a table'));
    const table = within(year).getByRole('table', { name: 'Units per code and expected payment, 2026 by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Month9897798980Expected payment');
    expect(rows[2]).toHaveTextContent('February 202632$181.48');
    expect(rows[3]).toHaveTextContent('March 2026so far30$95.40');
  });
});
