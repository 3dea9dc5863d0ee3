import { type BillingSettings, type CurrentUser, defaultBillingRates } from '@rehabit/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '@web/app/provider.tsx';
import { useAuthStore } from '@web/features/session';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { manager, signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { describe, expect, it } from 'vitest';
import { BillingSettingsPanel } from './components/billing-settings-panel.tsx';

const admin: CurrentUser = { ...therapist, id: 1, role: 'admin', display_name: 'Ada Admin' };

const settings = (changes: Partial<BillingSettings> = {}): BillingSettings => ({
  timezone: 'America/New_York',
  monitoring_rate: null,
  rates: Object.entries(defaultBillingRates).flatMap(([year, codes]) =>
    Object.entries(codes).map(([code, cents]) => ({
      year: Number(year),
      code: code as BillingSettings['rates'][number]['code'],
      rate: cents / 100,
      default_rate: cents / 100,
    })),
  ),
  staff: [
    { id: 7, display_name: 'Tara Nguyen', role: 'therapist', npi: null, is_assistant: false },
    { id: 2, display_name: 'Sam Boss', role: 'supervisor', npi: '1111111111', is_assistant: false },
  ],
  ...changes,
});

const SETTINGS = 'GET /api/v1/clinic/billing-settings/';
const CHANGE = 'PATCH /api/v1/clinic/billing-settings/';

/** The panel alone, on the app's real query layer and toasts, with the network answered by fixtures. */
function renderPanel(user: CurrentUser, routes: Parameters<typeof fixtureApi>[0], clinicCode?: string) {
  const api = fixtureApi({ ...signedInRoutes(user), ...routes });
  useAuthStore.setState({ token: 't', status: 'idle', error: null, hasSignedOut: false });
  const events = userEvent.setup();
  render(
    <AppProvider>
      <BillingSettingsPanel clinicCode={clinicCode} />
    </AppProvider>,
  );
  return { api, user: events };
}

const rateField = (year: number, code: string) =>
  within(screen.getByRole('group', { name: `Rates for services in ${year}` })).getByRole('textbox', {
    name: new RegExp(`^${code}`),
  });
const memberGroup = (name: string) => screen.getByRole('group', { name: new RegExp(name) });

describe('the billing settings panel', () => {
  it('lets a supervisor change rates and staff, sending only what changed', async () => {
    const saved = settings();
    saved.rates = saved.rates.map((r) => (r.year === 2026 && r.code === '98977' ? { ...r, rate: 45.5 } : r));
    saved.staff = [{ ...saved.staff[0]!, npi: '1234567893', is_assistant: true }, saved.staff[1]!];
    const { api, user } = renderPanel(supervisor, { [SETTINGS]: { body: settings() }, [CHANGE]: { body: saved } });

    await screen.findByRole('form', { name: 'Billing settings' });
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveValue('America/New York');
    const rate = rateField(2026, '98977');
    expect(rate).toHaveValue('39.75');
    expect(rate).toHaveAccessibleDescription('Default $39.75');
    // Each year has its own codes: 98985 only from 2026.
    expect(
      within(screen.getByRole('group', { name: 'Rates for services in 2025' })).getAllByRole('textbox'),
    ).toHaveLength(4);
    expect(rateField(2026, '98985')).toHaveValue('36.00');

    await user.clear(rate);
    await user.type(rate, '45.50');
    const tara = memberGroup('Tara Nguyen');
    await user.type(within(tara).getByRole('textbox', { name: 'NPI' }), '1234567893');
    await user.click(within(tara).getByRole('checkbox', { name: 'Therapist assistant' }));
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));

    expect(await screen.findByText('Billing settings saved')).toBeInTheDocument();
    expect(api.calls(CHANGE)).toHaveLength(1);
    expect(api.calls(CHANGE)[0]?.body).toEqual({
      rates: [{ year: 2026, code: '98977', rate: 45.5 }],
      staff: [{ id: 7, npi: '1234567893', is_assistant: true }],
    });
    expect(api.calls(CHANGE)[0]?.url.searchParams.get('clinic_code')).toBeNull();
    expect(rateField(2026, '98977')).toHaveValue('45.50');
    expect(within(tara).getByRole('checkbox', { name: 'Therapist assistant' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it('sets the hourly monitoring rate, and takes it back to not set when emptied', async () => {
    const { api, user } = renderPanel(supervisor, {
      [SETTINGS]: { body: settings() },
      [CHANGE]: (request) => ({ body: settings(request.body as Partial<BillingSettings>) }),
    });
    const rate = await screen.findByRole('textbox', { name: 'Hourly monitoring rate (USD)' });
    expect(rate).toHaveValue('');
    await user.type(rate, '$42.5');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await screen.findByText('Billing settings saved');
    expect(api.calls(CHANGE)[0]?.body).toEqual({ monitoring_rate: 42.5 });
    expect(rate).toHaveValue('42.50');

    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await waitFor(() => expect(api.calls(CHANGE)).toHaveLength(2));
    expect(api.calls(CHANGE)[1]?.body).toEqual({ monitoring_rate: null });

    await user.type(rate, '-3');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription(/A rate cannot be negative/));
    expect(api.calls(CHANGE)).toHaveLength(2);
  });

  it('chooses the timezone by typing part of its name', async () => {
    const { api, user } = renderPanel(supervisor, {
      [SETTINGS]: { body: settings() },
      [CHANGE]: { body: settings({ timezone: 'America/Chicago' }) },
    });
    const timezone = await screen.findByRole('combobox', { name: 'Timezone' });
    await user.type(timezone, 'chicago');
    await user.click(await screen.findByRole('option', { name: /^America\/Chicago/ }));
    expect(timezone).toHaveValue('America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await screen.findByText('Billing settings saved');
    expect(api.calls(CHANGE)[0]?.body).toEqual({ timezone: 'America/Chicago' });
  });

  it('refuses bad values on their fields before sending anything', async () => {
    const { api, user } = renderPanel(supervisor, { [SETTINGS]: { body: settings() } });
    await screen.findByRole('form', { name: 'Billing settings' });
    const setup = rateField(2025, '98975');
    await user.clear(setup);
    await user.type(setup, '-1');
    const supply = rateField(2025, '98977');
    await user.clear(supply);
    await user.type(supply, '43.025');
    const management = rateField(2026, '98980');
    await user.clear(management);
    const npi = within(memberGroup('Tara Nguyen')).getByRole('textbox', { name: 'NPI' });
    await user.type(npi, '12345');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));

    await waitFor(() => expect(setup).toHaveAccessibleDescription(/A rate cannot be negative/));
    expect(supply).toHaveAccessibleDescription(/Use whole cents/);
    expect(management).toHaveAccessibleDescription(/Enter a rate in dollars/);
    expect(npi).toHaveAccessibleDescription(/An NPI is 10 digits/);
    expect(setup).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(CHANGE)).toHaveLength(0);
  });

  it('shows the server’s refusal on the field of the row it names', async () => {
    const { api, user } = renderPanel(supervisor, {
      [SETTINGS]: { body: settings() },
      [CHANGE]: problem(400, 'validation_failed', 'Only approved therapists and supervisors render RTM services', {
        'staff.0.id': ['Only approved therapists and supervisors render RTM services'],
      }),
    });
    await screen.findByRole('form', { name: 'Billing settings' });
    // Only Sam (the form's second row) is sent: the server's `staff.0` is Sam.
    const samNpi = within(memberGroup('Sam Boss')).getByRole('textbox', { name: 'NPI' });
    expect(samNpi).toHaveValue('1111111111');
    await user.clear(samNpi);
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));

    await waitFor(() => expect(samNpi).toHaveAccessibleDescription(/Only approved therapists and supervisors/));
    expect(api.calls(CHANGE)[0]?.body).toEqual({ staff: [{ id: 2, npi: null }] });
    expect(within(memberGroup('Tara Nguyen')).getByRole('textbox', { name: 'NPI' })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(screen.queryByText('Billing settings saved')).not.toBeInTheDocument();
  });

  it('sends nothing when nothing changed', async () => {
    const { api, user } = renderPanel(supervisor, { [SETTINGS]: { body: settings() } });
    await screen.findByRole('form', { name: 'Billing settings' });
    const rate = rateField(2025, '98975');
    await user.clear(rate);
    await user.type(rate, '19.730');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    expect(await screen.findByText('Nothing to save: the settings are as they were')).toBeInTheDocument();
    expect(api.calls(CHANGE)).toHaveLength(0);
  });

  it.each([
    ['a therapist', therapist],
    ['an office manager', manager],
  ])('shows %s the settings without controls', async (_who, user) => {
    renderPanel(user, { [SETTINGS]: { body: settings({ timezone: 'America/Los_Angeles' }) } });
    const panel = await screen.findByRole('region', { name: 'Billing settings' });
    await within(panel).findByRole('table', { name: 'Rates for services in 2026' });
    expect(panel).toHaveTextContent('TimezoneAmerica/Los Angeles');
    expect(panel).toHaveTextContent('Hourly monitoring rateNot set');
    expect(panel).toHaveTextContent('Supervisors and admins change them.');
    const row2025 = within(within(panel).getByRole('table', { name: 'Rates for services in 2025' })).getByRole('row', {
      name: /98977/,
    });
    expect(row2025).toHaveTextContent('$43.02$43.02');
    const tara = within(within(panel).getByRole('table', { name: 'Rendering staff' })).getByRole('row', {
      name: /Tara Nguyen/,
    });
    expect(tara).toHaveTextContent('Not setNo');
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Save billing settings' })).not.toBeInTheDocument();
  });

  it('reads and changes the clinic an admin names', async () => {
    const { api, user } = renderPanel(
      admin,
      { [SETTINGS]: { body: settings() }, [CHANGE]: { body: settings() } },
      'ABC123',
    );
    await screen.findByRole('form', { name: 'Billing settings' });
    expect(api.calls(SETTINGS)[0]?.url.searchParams.get('clinic_code')).toBe('ABC123');
    await user.click(within(memberGroup('Sam Boss')).getByRole('checkbox', { name: 'Therapist assistant' }));
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await screen.findByText('Billing settings saved');
    expect(api.calls(CHANGE)[0]?.url.searchParams.get('clinic_code')).toBe('ABC123');
    expect(api.calls(CHANGE)[0]?.body).toEqual({ staff: [{ id: 2, is_assistant: true }] });
  });

  it('asks an admin to choose a clinic before reading any', async () => {
    const { api } = renderPanel(admin, { [SETTINGS]: { body: settings() } });
    expect(await screen.findByRole('region', { name: 'Choose a clinic' })).toBeInTheDocument();
    expect(api.calls(SETTINGS)).toHaveLength(0);
  });

  it('shows loading, then an error with a retry', async () => {
    let answer: (value: ReturnType<typeof problem>) => void = () => {};
    const { api, user } = renderPanel(supervisor, {
      [SETTINGS]: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Loading the billing settings')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(SETTINGS)).toHaveLength(1));
    // A refusal (4xx) is not retried: the error shows at once.
    answer(problem(404, 'not_found', 'No such clinic'));
    expect(await screen.findByText('The billing settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No such clinic')).toBeInTheDocument();
    api.set(SETTINGS, { body: settings() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Billing settings' })).toBeInTheDocument();
  });
});
