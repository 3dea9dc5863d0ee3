import type { Clinic, CurrentUser } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { manager, signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const admin: CurrentUser = { ...therapist, id: 1, role: 'admin', code: 'RHBTHQ', display_name: 'Ada Admin' };
const clinic: Clinic = {
  id: 3,
  code: 'DEMO01',
  name: 'Demo Physical Therapy',
  timezone: 'America/New_York',
  address: '1 Main St',
  npi: null,
  tin: null,
  is_restricted: false,
  handout_attachments: false,
  supervisor_user_id: 2,
};
const settings = { timezone: 'America/New_York', rates: [], staff: [] };
const routes = (user: CurrentUser, code = 'DEMO01') => ({
  ...signedInRoutes(user),
  [`GET /api/v1/clinics/${code}/`]: { body: { ...clinic, code } },
  'GET /api/v1/clinic/billing-settings/': { body: settings },
  'GET /admin/delivery-status': { body: { email: 'smtp', sms: 'webhook', is_demo: false, warnings: [] } },
});
const PATCH = 'PATCH /api/v1/clinics/DEMO01/';

describe('the clinic settings screen', () => {
  it('lets the supervisor change the clinic’s details, sending only what changed, beside the billing settings', async () => {
    const api = fixtureApi({
      ...routes(supervisor),
      [PATCH]: { body: { ...clinic, name: 'Lakeside Therapy', npi: '1234567893' } },
    });
    const app = renderApp('/clinic-settings', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Clinic details' });
    const name = within(form).getByRole('textbox', { name: /Clinic name/ });
    expect(name).toHaveValue('Demo Physical Therapy');
    expect(await screen.findByRole('heading', { name: 'Billing settings' })).toBeInTheDocument();

    await app.user.clear(name);
    await app.user.type(name, 'Lakeside Therapy');
    await app.user.type(within(form).getByRole('textbox', { name: /Clinic NPI/ }), '1234567893');
    await app.user.click(within(form).getByRole('button', { name: 'Save clinic details' }));
    expect(await screen.findByText('Clinic details saved')).toBeInTheDocument();
    expect(api.calls(PATCH)[0]?.body).toEqual({ name: 'Lakeside Therapy', npi: '1234567893' });
  });

  it('checks the identifiers before sending, and shows the server’s refusal on its field', async () => {
    const api = fixtureApi({
      ...routes(supervisor),
      [PATCH]: problem(400, 'validation_failed', 'A TIN is 9 digits', { tin: ['A TIN is 9 digits, like 12-3456789'] }),
    });
    const app = renderApp('/clinic-settings', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Clinic details' });
    await app.user.type(within(form).getByRole('textbox', { name: /Clinic NPI/ }), '123');
    await app.user.click(within(form).getByRole('button', { name: 'Save clinic details' }));
    expect(await within(form).findByText('An NPI is 10 digits')).toBeInTheDocument();
    expect(api.calls(PATCH)).toHaveLength(0);

    await app.user.clear(within(form).getByRole('textbox', { name: /Clinic NPI/ }));
    await app.user.type(within(form).getByRole('textbox', { name: /TIN/ }), '12-3456789');
    await app.user.click(within(form).getByRole('button', { name: 'Save clinic details' }));
    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(within(form).getByRole('textbox', { name: /TIN/ })).toHaveAccessibleDescription(
      expect.stringContaining('A TIN is 9 digits, like 12-3456789'),
    );
  });

  it('asks an admin who named no clinic to choose one', async () => {
    fixtureApi(routes(admin, 'HBR204'));
    renderApp('/clinic-settings', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Choose a clinic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to clinics' })).toHaveAttribute('href', '/admin/clinics');
  });

  it('opens the clinic an admin names', async () => {
    fixtureApi(routes(admin, 'HBR204'));
    renderApp('/clinic-settings?clinic=HBR204', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Clinic details' });
    expect(within(form).getByRole('textbox', { name: /Clinic name/ })).toHaveValue('Demo Physical Therapy');
  });

  it.each([therapist, manager])('refuses the $role plainly', async (user) => {
    const api = fixtureApi(routes(user));
    renderApp('/clinic-settings', { token: 't' });
    expect(
      await screen.findByRole('heading', { name: 'This page is for supervisors and platform admins' }),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/v1/clinics/DEMO01/')).toHaveLength(0);
  });

  it('turns the handout’s PDF attachment on, with its explanation', async () => {
    const api = fixtureApi({ ...routes(supervisor), [PATCH]: { body: { ...clinic, handout_attachments: true } } });
    const app = renderApp('/clinic-settings', { token: 't' });
    const setting = await screen.findByRole('switch', { name: 'Attach the handout’s PDF to e-mails' });
    expect(setting).toHaveAttribute('aria-checked', 'false');
    expect(setting).toHaveAccessibleDescription(
      /E-mail the program handout as a PDF attachment\. E-mail is not encrypted end to end: the attachment holds the patient's exercise program\./,
    );
    await app.user.click(setting);
    expect(await screen.findByText('Handout e-mails now carry the PDF')).toBeInTheDocument();
    expect(api.calls(PATCH).map((request) => request.body)).toEqual([{ handout_attachments: true }]);
    await waitFor(() => expect(setting).toHaveAttribute('aria-checked', 'true'));
  });
});
