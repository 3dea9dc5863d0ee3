import type { ClinicOverview, CurrentUser } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const admin: CurrentUser = { ...therapist, id: 1, role: 'admin', code: 'RHBTHQ', display_name: 'Ada Admin' };
const harbor: ClinicOverview = {
  id: 4,
  code: 'HBR204',
  name: 'Harbor Rehab',
  timezone: 'America/Chicago',
  address: null,
  npi: '1234567893',
  tin: null,
  is_restricted: false,
  handout_attachments: false,
  has_logo: false,
  supervisor_user_id: 9,
  supervisor: { id: 9, display_name: 'Dana Reyes', email: 'dana@example.com' },
  staff_count: 3,
  patients_count: 12,
  created_at: '2026-03-02T15:00:00.000Z',
};
const page = (results: ClinicOverview[]) => ({ count: results.length, next: null, previous: null, results });
const routes = (user: CurrentUser) => ({
  ...signedInRoutes(user),
  'GET /admin/delivery-status': { body: { email: 'smtp', sms: 'webhook', is_demo: false, warnings: [] } },
  'GET /api/v1/admin/clinics/': { body: page([harbor]) },
  'GET /api/v1/admin/clinics/HBR204/': { body: harbor },
  'GET /api/v1/clinic/billing-settings/': { body: { timezone: 'America/Chicago', rates: [], staff: [] } },
});

describe('the platform admin’s clinics', () => {
  it('lists clinics with their supervisor and counts, and searches them', async () => {
    const api = fixtureApi(routes(admin));
    const app = renderApp('/admin/clinics', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Clinics' });
    const row = within(table).getByRole('row', { name: /Harbor Rehab/ });
    expect(row).toHaveTextContent('HBR204');
    expect(row).toHaveTextContent('Dana Reyes');
    expect(row).toHaveTextContent('12');
    expect(within(row).getByRole('link', { name: 'Harbor Rehab' })).toHaveAttribute('href', '/admin/clinics/HBR204');

    api.set('GET /api/v1/admin/clinics/', { body: page([]) });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search clinics' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No clinic matches' })).toBeInTheDocument();
    expect(api.calls('GET /api/v1/admin/clinics/').at(-1)?.url.searchParams.get('search')).toBe('zzz');
  });

  it('creates a clinic with its supervisor and opens it; the server’s refusal shows on its field', async () => {
    const api = fixtureApi({
      ...routes(admin),
      'POST /api/v1/admin/clinics/': problem(409, 'conflict', 'Another account uses this e-mail', {
        'supervisor.email': ['Another account uses this e-mail'],
      }),
    });
    const app = renderApp('/admin/clinics', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'New clinic' }));
    const dialog = screen.getByRole('dialog', { name: 'New clinic' });
    await app.user.type(within(dialog).getByRole('textbox', { name: /Clinic name/ }), 'Harbor Rehab');
    await app.user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Dana');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Reyes');
    await app.user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'dana@example.com');
    await app.user.type(within(dialog).getByLabelText(/Password/), 'sturdy-lantern-42');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create clinic' }));
    expect(await within(dialog).findByText('Another account uses this e-mail')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/admin/clinics/')[0]?.body).toEqual({
      name: 'Harbor Rehab',
      supervisor: { first_name: 'Dana', last_name: 'Reyes', email: 'dana@example.com', password: 'sturdy-lantern-42' },
    });

    api.set('POST /api/v1/admin/clinics/', { status: 201, body: harbor });
    await app.user.click(within(dialog).getByRole('button', { name: 'Create clinic' }));
    expect(await screen.findByRole('heading', { name: 'Harbor Rehab', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Clinic Harbor Rehab created with code HBR204')).toBeInTheDocument();
  });

  it('opens one clinic read-only, with its billing settings and links to its settings and audit log', async () => {
    fixtureApi(routes(admin));
    renderApp('/admin/clinics/HBR204', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Harbor Rehab', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Dana Reyes (dana@example.com)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read its audit log' })).toHaveAttribute(
      'href',
      '/audit-log?clinic=HBR204',
    );
    expect(screen.getByRole('link', { name: 'Change settings' })).toHaveAttribute(
      'href',
      '/clinic-settings?clinic=HBR204',
    );
    await screen.findByRole('heading', { name: 'Billing settings' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Save billing settings' })).not.toBeInTheDocument();
  });

  it('says so when no clinic has the code', async () => {
    fixtureApi({ ...routes(admin), 'GET /api/v1/admin/clinics/NOPE99/': problem(404, 'not_found') });
    renderApp('/admin/clinics/NOPE99', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'No clinic has this code' })).toBeInTheDocument();
  });

  it('refuses a supervisor plainly', async () => {
    const api = fixtureApi(routes(supervisor));
    renderApp('/admin/clinics', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'This page is for platform admins' })).toBeInTheDocument();
    expect(api.calls('GET /api/v1/admin/clinics/')).toHaveLength(0);
  });
});
