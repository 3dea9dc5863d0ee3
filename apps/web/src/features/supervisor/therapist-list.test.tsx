import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { makeStaff, signedInRoutes, staffPage, supervisor } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const nora = makeStaff({ id: 21, first_name: 'Nora', last_name: 'Field', status: 'pending' });
const taylor = makeStaff({ id: 7, first_name: 'Taylor', last_name: 'Reed' });
const morgan = makeStaff({ id: 8, first_name: 'Morgan', last_name: 'Lee', role: 'manager' });
const boss = makeStaff({ id: 2, first_name: 'Sam', last_name: 'Boss', role: 'supervisor' });

const approvals = ({ url }: RecordedRequest) => {
  const status = url.searchParams.get('status');
  const all = [nora, taylor, morgan];
  return { body: staffPage(status ? all.filter((member) => member.status === status) : all) };
};

describe('therapist list', () => {
  it('shows every staff member the clinic’s staff, without approvals or actions', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /clinic/therapist': { body: staffPage([boss, morgan, taylor]) },
    });
    renderApp('/therapist-list', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Clinic staff' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table).toHaveTextContent('Office Manager');
    expect(screen.queryByRole('heading', { name: 'Sign-ups and access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(api.calls('GET /clinic/supervisor/approval')).toHaveLength(0);
  });

  it('searches and filters the staff by role', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /clinic/therapist': { body: staffPage([taylor]) } });
    const app = renderApp('/therapist-list', { token: 't' });
    await screen.findByRole('table', { name: 'Clinic staff' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search staff' }), 'tay');
    await app.user.click(screen.getByRole('combobox', { name: 'Role' }));
    await app.user.click(screen.getByRole('option', { name: 'Staff Therapist' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.calls('GET /clinic/therapist').at(-1)!.url.searchParams)).toEqual({
        search: 'tay',
        role: 'therapist',
        page: '1',
      }),
    );
  });

  it('lets the supervisor approve a waiting sign-up', async () => {
    let waiting = [nora];
    const api = fixtureApi({
      ...signedInRoutes(supervisor),
      'GET /clinic/therapist': { body: staffPage([boss, taylor]) },
      'GET /clinic/supervisor/approval': () => ({ body: staffPage(waiting) }),
      'PATCH /clinic/supervisor/approval': () => {
        waiting = [];
        return { body: { ...nora, status: 'approved' } };
      },
    });
    const app = renderApp('/therapist-list', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Sign-ups and access' });
    const table = await within(section).findByRole('table', { name: 'Sign-ups and access' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('Waiting for approval');
    expect(api.calls('GET /clinic/supervisor/approval')[0]?.url.searchParams.get('status')).toBe('pending');

    await app.user.click(within(table).getByRole('button', { name: 'Approve Nora Field' }));
    expect(await screen.findByText('Nora Field is approved and can sign in')).toBeInTheDocument();
    expect(await within(section).findByRole('region', { name: 'No sign-ups are waiting' })).toBeInTheDocument();
    expect(api.calls('PATCH /clinic/supervisor/approval')[0]?.body).toEqual({ user_id: 21, status: 'approved' });
    // Both lists are read again: the approved person joins the clinic's staff.
    expect(api.calls('GET /clinic/supervisor/approval').length).toBeGreaterThan(1);
    expect(api.calls('GET /clinic/therapist').length).toBeGreaterThan(1);
  });

  it('rejects a sign-up and toggles access of approved staff', async () => {
    const api = fixtureApi({
      ...signedInRoutes(supervisor),
      'GET /clinic/therapist': { body: staffPage([boss, taylor]) },
      'GET /clinic/supervisor/approval': approvals,
      'PATCH /clinic/supervisor/approval': { body: { ...nora, status: 'rejected' } },
      'PATCH /admin/clinic/therapist/has_access': { body: { results: [{ ...taylor, has_access: false }] } },
    });
    const app = renderApp('/therapist-list', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Reject Nora Field' }));
    expect(await screen.findByText("Nora Field's sign-up is rejected")).toBeInTheDocument();
    expect(api.calls('PATCH /clinic/supervisor/approval')[0]?.body).toEqual({ user_id: 21, status: 'rejected' });

    await app.user.click(screen.getByRole('combobox', { name: 'Show' }));
    await app.user.click(screen.getByRole('option', { name: 'Approved' }));
    const toggle = await screen.findByRole('switch', { name: 'Access for Taylor Reed' });
    expect(toggle).toBeChecked();
    await app.user.click(toggle);
    expect(await screen.findByText('Taylor Reed can no longer sign in')).toBeInTheDocument();
    expect(api.calls('PATCH /admin/clinic/therapist/has_access')[0]?.body).toEqual({
      therapists: [7],
      has_access: false,
    });
  });

  it('hands the supervisor role over after a confirmation, then signs the former supervisor out', async () => {
    const api = fixtureApi({
      ...signedInRoutes(supervisor),
      'GET /clinic/therapist': { body: staffPage([boss, taylor]) },
      'GET /clinic/supervisor/approval': approvals,
      'PATCH /admin/clinic/update/supervisor': { body: { user: { ...taylor, role: 'supervisor' } } },
    });
    const app = renderApp('/therapist-list', { token: 't' });
    await app.user.click(await screen.findByRole('combobox', { name: 'Show' }));
    await app.user.click(screen.getByRole('option', { name: 'Approved' }));
    await app.user.click(await screen.findByRole('button', { name: 'Make Taylor Reed the supervisor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Taylor Reed the supervisor?' });
    expect(dialog).toHaveTextContent('You become a Staff Therapist');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'Hand over the supervisor role' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(api.calls('PATCH /admin/clinic/update/supervisor')[0]?.body).toEqual({ user_id: 7 });
    expect(window.localStorage.length).toBe(0);
  });
});
