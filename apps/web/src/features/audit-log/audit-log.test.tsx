import type { AuditEntry, CurrentUser } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { manager, signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles, csvFile } from '@web/testing/saved-files.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

const admin: CurrentUser = { ...therapist, id: 1, role: 'admin', code: 'RHBTHQ', display_name: 'Ada Admin' };
const change: AuditEntry = {
  id: 41,
  at: '2026-03-02T18:00:00.000Z',
  action: 'clinic.update',
  outcome: 'success',
  actor: { id: 2, display_name: 'Sam Boss', role: 'supervisor' },
  clinic_code: 'DEMO01',
  patient_id: null,
  ip: '127.0.0.1',
  detail: { clinic_code: 'DEMO01', name: { old: 'Demo Physical Therapy', new: 'Lakeside Therapy' } },
};
const read: AuditEntry = {
  ...change,
  id: 40,
  action: 'patient.read',
  patient_id: 101,
  detail: null,
  outcome: 'denied',
};
const page = (results: AuditEntry[], count = results.length) => ({
  count,
  next: count > results.length ? 2 : null,
  previous: null,
  results,
});
const LIST = 'GET /api/v1/admin/audit/';
const routes = (user: CurrentUser) => ({
  ...signedInRoutes(user),
  'GET /admin/delivery-status': { body: { email: 'smtp', sms: 'webhook', is_demo: false, warnings: [] } },
  [LIST]: { body: page([change, read], 60) },
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = 1024;
});

describe('the audit log viewer', () => {
  it('shows the supervisor’s clinic newest first, changes as old → new, and pages on the server', async () => {
    const api = fixtureApi(routes(supervisor));
    const app = renderApp('/audit-log', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('clinic.update');
    expect(rows[1]).toHaveTextContent('Sam Boss (#2)');
    expect(within(rows[1]!).getByRole('deletion')).toHaveTextContent('Demo Physical Therapy');
    expect(within(rows[1]!).getByRole('insertion')).toHaveTextContent('Lakeside Therapy');
    expect(rows[2]).toHaveTextContent('patient.read (denied)');
    expect(rows[2]).toHaveTextContent('101');
    // A supervisor reads their own clinic: no clinic to choose, no clinic column.
    expect(screen.queryByRole('textbox', { name: 'Clinic code' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Clinic' })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.url.searchParams.get('page')).toBe('2'));
  });

  it('shows each entry on a phone as a card of who, when, action, outcome, patient and IP, not a wide table', async () => {
    window.innerWidth = 390;
    fixtureApi(routes(admin));
    renderApp('/audit-log', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Audit log entries, newest first' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = [...list.children] as HTMLElement[];
    const facts = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(first).toHaveTextContent('clinic.update');
    expect(first!.querySelector('time')).toHaveAttribute('datetime', change.at);
    expect(facts(first!)).toMatchObject({
      Who: 'Sam Boss (#2)',
      Outcome: 'success',
      'Patient id': 'None',
      Clinic: 'DEMO01',
      IP: '127.0.0.1',
    });
    expect(within(first!).getByRole('deletion')).toHaveTextContent('Demo Physical Therapy');
    expect(within(first!).getByRole('insertion')).toHaveTextContent('Lakeside Therapy');
    expect(facts(second!)).toMatchObject({ Outcome: 'denied', 'Patient id': '101' });
  });

  it('folds the filters on a phone under a button that says how many are on, and folds them again once applied', async () => {
    window.innerWidth = 390;
    const api = fixtureApi(routes(admin));
    const app = renderApp('/audit-log?clinic=DEMO01', { token: 't' });
    await screen.findByRole('list', { name: 'Audit log entries, newest first' });
    const toggle = screen.getByRole('button', { name: 'Filters (1 on)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Audit log filters' })).not.toBeInTheDocument();

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Audit log filters' });
    await app.user.type(within(form).getByRole('textbox', { name: 'Patient id' }), '101');
    await app.user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(api.calls(LIST).at(-1)?.url.searchParams.get('patient_id')).toBe('101'));
    expect(await screen.findByRole('button', { name: 'Filters (2 on)' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Audit log filters' })).not.toBeInTheDocument();
  });

  it('applies the filters together and asks the server for exactly them', async () => {
    const api = fixtureApi(routes(admin));
    const app = renderApp('/audit-log?clinic=DEMO01', { token: 't' });
    await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(api.calls(LIST)[0]?.url.searchParams.get('clinic_code')).toBe('DEMO01');

    await app.user.click(screen.getByRole('combobox', { name: 'Action' }));
    await app.user.click(screen.getByRole('option', { name: 'patient.read' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Patient id' }), 'abc');
    await app.user.type(screen.getByRole('textbox', { name: 'User id' }), '2');
    expect(screen.getByText('Enter a number id')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
    await app.user.clear(screen.getByRole('textbox', { name: 'Patient id' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Patient id' }), '101');
    api.set(LIST, { body: page([]) });
    await app.user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
    const asked = api.calls(LIST).at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      clinic_code: 'DEMO01',
      action: 'patient.read',
      user_id: '2',
      patient_id: '101',
      page: '1',
    });
  });

  it('downloads the same filter as CSV', async () => {
    const api = fixtureApi({
      ...routes(admin),
      'GET /api/v1/admin/audit/export/': csvFile('audit-DEMO01-2026-03-02.csv', 'Time (UTC),Clinic\r\n'),
    });
    const saved = catchSavedFiles();
    const app = renderApp('/audit-log?clinic=DEMO01&action=clinic.update', { token: 't' });
    await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    await app.user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.click).toHaveBeenCalled());
    const asked = api.calls('GET /api/v1/admin/audit/export/')[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ clinic_code: 'DEMO01', action: 'clinic.update' });
  });

  it('says that no entry matches a patient id of another clinic, with nothing to try again', async () => {
    fixtureApi({
      ...routes(admin),
      [LIST]: problem(404, 'not_found', 'No such patient', { patient_id: ['No such patient'] }),
    });
    renderApp('/audit-log?clinic=OTHER1&patient=101', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
    expect(
      screen.getByText('No entry of this clinic names this patient id. Check the id, or try another.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not be read/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says what failed when the server refuses the filter', async () => {
    fixtureApi({ ...routes(admin), [LIST]: problem(404, 'not_found', 'No clinic is found for this code') });
    renderApp('/audit-log?clinic=NOPE99', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'The audit log could not be read' })).toBeInTheDocument();
  });

  it.each([therapist, manager])('refuses the $role plainly', async (user) => {
    const api = fixtureApi(routes(user));
    renderApp('/audit-log', { token: 't' });
    expect(
      await screen.findByRole('heading', { name: 'This page is for supervisors and platform admins' }),
    ).toBeInTheDocument();
    expect(api.calls(LIST)).toHaveLength(0);
  });
});
