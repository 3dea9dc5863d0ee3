import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { makePatient, makeStaff, manager, patientPage, signedInRoutes, staffPage } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './components/list/patient-list.tsx';
import { james } from './patient-fixtures.ts';

const maria = makePatient();
const linda = makePatient({ id: 103, first_name: 'Linda', last_name: 'Wilson', status: 'discharged' });

const listCalls = (api: ReturnType<typeof fixtureApi>) =>
  api.calls('GET /api/v1/patients/').map((request) => Object.fromEntries(request.url.searchParams));

describe('patient list', () => {
  it('lists patients in a table with their status, diagnosis, therapist and coverage', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria, james], 2) } });
    renderApp('/patients', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Patients' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Maria Garcia');
    expect(rows[1]).toHaveTextContent('Mar 4, 1956');
    expect(rows[1]).toHaveTextContent('Onboarded');
    expect(rows[1]).toHaveTextContent('M54.50');
    expect(rows[1]).toHaveTextContent('Tara Nguyen');
    expect(within(rows[1]!).getByRole('switch', { name: 'RTM coverage for Maria Garcia' })).toBeChecked();
    expect(rows[2]).toHaveTextContent('Not assigned');
    expect(within(rows[1]!).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute(
      'href',
      '/patient/101/dashboard',
    );
    expect(screen.getByText('2 patients')).toBeInTheDocument();
  });

  it('searches once typing pauses, filters by status, and keeps both in the address', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': ({ url }: RecordedRequest) =>
        url.searchParams.get('search') === 'gar'
          ? { body: patientPage([maria]) }
          : { body: patientPage([maria, james]) },
    });
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('table', { name: 'Patients' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'gar');
    await waitFor(() => expect(screen.queryByText('James Brown')).not.toBeInTheDocument());
    // One request for the whole word, not one per key.
    expect(listCalls(api).map((query) => query.search)).toEqual([undefined, 'gar']);
    expect(app.location().search).toBe('?search=gar');

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(screen.getByRole('option', { name: 'Onboarded' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ search: 'gar', status: 'onboarded', page: '1' }));
    expect(screen.queryByRole('option', { name: 'Removed' })).not.toBeInTheDocument();
  });

  it('opens the patient clicked while a typed search still waits, and stays there', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria, james]) } });
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('table', { name: 'Patients' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'gar');
    await app.user.click(screen.getByRole('link', { name: 'Maria Garcia' }));
    // Past the search's pause: the search it would have written must not take the person back to the list.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200));
    await waitFor(() => expect(app.location().pathname).toBe('/patient/101/dashboard'));
    expect(app.location().search).toBe('');
  });

  it('pages through the server’s pages and shows 1,000+ when the count is capped', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: patientPage([maria], 1000, true) },
    });
    const app = renderApp('/patients?search=a', { token: 't' });
    expect(await screen.findByText('1,000+ patients')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.page).toBe('2'));
    expect(app.location().search).toBe('?search=a&page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('invites to register the first patient when the clinic has none', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([]) } });
    const app = renderApp('/patients', { token: 't' });
    const empty = await screen.findByRole('region', { name: 'No patients yet — register the first one' });
    await app.user.click(within(empty).getByRole('button', { name: 'Register patient' }));
    expect(await screen.findByRole('dialog', { name: 'Register a patient' })).toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([]) } });
    const app = renderApp('/patients?status=discharged', { token: 't' });
    await screen.findByRole('region', { name: 'No patients match' });
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ page: '1' }));
  });

  it('opens on the dashboard’s filters, visibly: a therapist, no data for 7 days, ready to bill', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /clinic/therapist': {
        body: staffPage([makeStaff(), makeStaff({ id: 9, first_name: 'Omar', last_name: 'Ali' })]),
      },
      'GET /api/v1/patients/': { body: patientPage([maria]) },
    });
    const app = renderApp('/patients?status=onboarded&therapist_id=9&data=quiet&rtm=ready', { token: 't' });
    expect(await screen.findByRole('checkbox', { name: 'No data for 7 days' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ready to bill' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Close to a threshold this month' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Onboarded');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Therapist' })).toHaveTextContent('Omar Ali'));
    expect(listCalls(api)[0]).toEqual({
      status: 'onboarded',
      therapist_id: '9',
      data: 'quiet',
      rtm: 'ready',
      page: '1',
    });

    // Close to a threshold and ready to bill are one filter: one replaces the other.
    await app.user.click(screen.getByRole('checkbox', { name: 'Close to a threshold this month' }));
    expect(screen.getByRole('checkbox', { name: 'Ready to bill' })).not.toBeChecked();
    await app.user.click(screen.getByRole('checkbox', { name: 'No data for 7 days' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ status: 'onboarded', therapist_id: '9', rtm: 'close', page: '1' }),
    );
    expect(app.location().search).toBe('?status=onboarded&therapist_id=9&rtm=close');

    await app.user.click(screen.getByRole('checkbox', { name: 'Ready to bill' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'No data for 7 days' }));
    await app.user.click(screen.getByRole('combobox', { name: 'Therapist' }));
    await app.user.click(screen.getByRole('option', { name: 'All therapists' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ status: 'onboarded', rtm: 'ready', data: 'quiet', page: '1' }),
    );
    expect(app.location().search).toBe('?status=onboarded&rtm=ready&data=quiet');
  });

  it('opens on the dashboard’s patients who bill nothing, visibly, and shows everyone again', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria]) } });
    const app = renderApp('/patients?status=onboarded&billable=no', { token: 't' });
    const billing = await screen.findByRole('combobox', { name: 'RTM billing' });
    expect(billing).toHaveTextContent('Not covered or no consent');
    expect(listCalls(api)[0]).toEqual({ status: 'onboarded', billable: 'no', page: '1' });
    await app.user.click(billing);
    await app.user.click(screen.getByRole('option', { name: 'All patients' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ status: 'onboarded', page: '1' }));
  });

  it('shows what failed with a retry', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': problem(503, 'database_unavailable', 'The database is not answering.'),
    });
    const app = renderApp('/patients', { token: 't' });
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('The patient list could not be loaded');
    expect(alert).toHaveTextContent('The database is not answering.');
    api.set('GET /api/v1/patients/', { body: patientPage([maria]) });
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Maria Garcia' })).toBeInTheDocument();
  });

  it('discharges the chosen patients, and shows why when the server refuses', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: patientPage([maria, james, linda]) },
      'PATCH /clinic/therapist/patient/discharged': problem(
        409,
        'conflict',
        'Only onboarded patients can be discharged (patient 102)',
        { patient_ids: ['Only onboarded patients can be discharged (patient 102)'] },
      ),
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select Maria Garcia' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Select James Brown' }));
    const bar = screen.getByRole('region', { name: 'Selected patients' });
    expect(bar).toHaveTextContent('2 patients selected');
    await app.user.click(within(bar).getByRole('button', { name: 'Discharge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discharge 2 patients?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Discharge' }));
    expect(
      await within(dialog).findByText('Only onboarded patients can be discharged (patient 102)'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Not possible for: James Brown (Registered)');
    expect(api.calls('PATCH /clinic/therapist/patient/discharged')[0]?.body).toEqual({ patient_ids: [101, 102] });

    api.set('PATCH /clinic/therapist/patient/discharged', { body: { results: [{ ...maria, status: 'discharged' }] } });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Select James Brown' }));
    await app.user.click(within(bar).getByRole('button', { name: 'Discharge' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discharge' }));
    expect(await screen.findByText('Maria Garcia discharged')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected patients' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/v1/patients/').length).toBeGreaterThan(1);
  });

  it('re-onboards chosen patients from the bulk bar', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: patientPage([maria, linda]) },
      'PATCH /clinic/patient/re_onboard': { body: { results: [{ ...linda, status: 'onboarded' }] } },
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select Linda Wilson' }));
    await app.user.click(screen.getByRole('button', { name: 'Re-onboard' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Re-onboard Linda Wilson?' })).getByRole('button', {
        name: 'Re-onboard',
      }),
    );
    expect(await screen.findByText('Linda Wilson re-onboarded')).toBeInTheDocument();
    expect(api.calls('PATCH /clinic/patient/re_onboard')[0]?.body).toEqual({ patient_ids: [103] });
  });

  it('hides removal from therapists and asks managers to confirm it', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria]) } });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Maria Garcia' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Maria Garcia' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Discharge', 'Change therapist', 'Edit details']);
    app.unmount();

    const api = fixtureApi({
      ...signedInRoutes(manager),
      'GET /api/v1/patients/': { body: patientPage([maria]) },
      'POST /api/v1/patients/101/remove/': { body: { ...maria, status: 'removed' } },
    });
    const asManager = renderApp('/patients', { token: 't' });
    await asManager.user.click(await screen.findByRole('button', { name: 'Actions for Maria Garcia' }));
    await asManager.user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Maria Garcia?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await asManager.user.click(within(dialog).getByRole('button', { name: 'Remove patient' }));
    expect(await screen.findByText('Maria Garcia was removed')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/remove/')).toHaveLength(1);
  });

  it('switches RTM coverage in place', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: patientPage([james]) },
      'PATCH /clinic/patient/102/update-rtm-coverage': { body: { ...james, is_rtm_covered: true } },
    });
    const app = renderApp('/patients', { token: 't' });
    const toggle = await screen.findByRole('switch', { name: 'RTM coverage for James Brown' });
    expect(toggle).not.toBeChecked();
    await app.user.click(toggle);
    expect(await screen.findByText('James Brown is now covered for RTM')).toBeInTheDocument();
    expect(api.calls('PATCH /clinic/patient/102/update-rtm-coverage')[0]?.body).toEqual({ is_rtm_covered: true });
  });
});
