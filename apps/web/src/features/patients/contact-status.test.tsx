import type { PatientDetail, PatientListItem } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { makePatient, patientPage, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const reminder = { status: 'CALL_NOK', is_needed: true, needs_reminder: true } as const;
const called = { status: 'CALL_OK', is_needed: false, needs_reminder: false } as const;
const maria: Partial<PatientListItem> = { ...makePatient(), call_status: reminder, chat_freshness: 'CHAT_OUTDATED' };
const james = {
  ...makePatient({ id: 102, first_name: 'James', last_name: 'Brown' }),
  call_status: called,
  chat_freshness: 'CHAT_RECENT' as const,
};
const linda = {
  ...makePatient({ id: 103, first_name: 'Linda', last_name: 'Wilson' }),
  call_status: { status: 'CALL_NOK', is_needed: true, needs_reminder: false } as const,
  chat_freshness: null,
};

const listCalls = (api: ReturnType<typeof fixtureApi>) =>
  api.calls('GET /api/v1/patients/').map((request) => Object.fromEntries(request.url.searchParams));
const labelsIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('listitem')
    .map((item) => [item.textContent, item.className]);

describe('call status and chat freshness on the patient list (decision 0901)', () => {
  it('marks who needs a call and who went quiet, in words with an icon; what is fine stays quiet', async () => {
    fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: patientPage([maria, james, linda] as PatientListItem[]) },
    });
    renderApp('/patients', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Patients' });
    const [, mariaRow, jamesRow, lindaRow] = within(table).getAllByRole('row');
    expect(labelsIn(mariaRow!)).toEqual([
      ['call needed, month ends soon', 'rtm-label rtm-label--call_needed'],
      ['quiet 30+ days', 'rtm-label rtm-label--quiet'],
    ]);
    expect(labelsIn(jamesRow!)).toEqual([]);
    expect(labelsIn(lindaRow!)).toEqual([['call needed', 'rtm-label rtm-label--call_needed']]);
  });

  it('filters who needs a call and who is quiet, kept in the address and cleared with the others', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': ({ url }) => {
        const query = url.searchParams;
        if (query.get('status')) return { body: patientPage([]) };
        if (query.get('call') !== 'needed') return { body: patientPage([maria, james, linda] as PatientListItem[]) };
        return { body: patientPage((query.get('chat') ? [maria] : [maria, linda]) as PatientListItem[]) };
      },
    });
    const app = renderApp('/patients', { token: 't' });
    await screen.findByText('James Brown');
    await app.user.click(screen.getByRole('checkbox', { name: 'Call needed this month' }));
    await waitFor(() => expect(screen.queryByText('James Brown')).not.toBeInTheDocument());
    expect(listCalls(api).at(-1)).toEqual({ call: 'needed', page: '1' });
    await app.user.click(screen.getByRole('checkbox', { name: 'Quiet in chat 30+ days' }));
    await waitFor(() => expect(screen.queryByText('Linda Wilson')).not.toBeInTheDocument());
    expect(listCalls(api).at(-1)).toEqual({ call: 'needed', chat: 'outdated', page: '1' });
    expect(app.location().search).toBe('?call=needed&chat=outdated');

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(screen.getByRole('option', { name: 'Discharged' }));
    await app.user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('James Brown')).toBeInTheDocument();
    expect(app.location().search).toBe('');
  });

  it('opens with the filters on from a shared link', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([]) } });
    renderApp('/patients?chat=outdated&call=needed', { token: 't' });
    expect(await screen.findByRole('checkbox', { name: 'Call needed this month' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Quiet in chat 30+ days' })).toBeChecked();
    expect(listCalls(api)[0]).toEqual({ chat: 'outdated', call: 'needed', page: '1' });
  });
});

describe('call status and chat freshness in the dashboard header', () => {
  const routes = (patient: Partial<PatientDetail>) => ({
    ...signedInRoutes(),
    [`GET /api/v1/patients/${patient.id}/`]: { body: patient },
    [`GET /api/v1/patients/${patient.id}/rtm-status/`]: { body: { today: '2026-03-26', rtm: null } },
  });

  it('says both, what is fine included', async () => {
    fixtureApi(routes({ ...makePatient(), call_status: called, chat_freshness: 'CHAT_RECENT' }));
    renderApp('/patient/101/dashboard', { token: 't' });
    const header = await screen.findByRole('region', { name: 'Patient details' });
    const list = await within(header).findByRole('list', { name: 'Call and chat' });
    expect(labelsIn(list)).toEqual([
      ['called this month', 'rtm-label rtm-label--called'],
      ['wrote in the last 5 days', 'rtm-label rtm-label--recent'],
    ]);
  });

  it('asks no call of a patient whose RTM bills nothing, and says none is logged (decision 1240)', async () => {
    const notNeeded = { status: 'CALL_NOK', is_needed: false, needs_reminder: false } as const;
    fixtureApi(routes({ ...makePatient({ is_rtm_covered: false }), call_status: notNeeded, chat_freshness: null }));
    renderApp('/patient/101/dashboard', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Call and chat' });
    expect(labelsIn(list)).toEqual([['no call this month', 'rtm-label rtm-label--no_call']]);
  });

  it('shows the call reminder and a quiet patient', async () => {
    fixtureApi(routes({ ...makePatient(), call_status: reminder, chat_freshness: 'CHAT_OUTDATED' }));
    renderApp('/patient/101/dashboard', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Call and chat' });
    expect(list).toHaveTextContent('call needed, month ends soon');
    expect(list).toHaveTextContent('quiet 30+ days');
  });

  it('clears the reminder once a call is logged from the dashboard', async () => {
    const before = { ...makePatient(), call_status: reminder, chat_freshness: null };
    const api = fixtureApi({
      ...routes(before),
      'GET /api/v1/patients/101/log_interaction/': { body: { count: 0, next: null, previous: null, results: [] } },
      'POST /api/v1/patients/101/log_interaction/': {
        status: 201,
        body: {
          id: 502,
          date: '2026-03-26',
          notes: '',
          kind: 'phone',
          minutes: 10,
          started_at: '2026-03-26T15:45:00Z',
          created_by: null,
          created_at: '2026-03-26T16:00:00Z',
        },
      },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Call and chat' });
    expect(list).toHaveTextContent('call needed, month ends soon');

    api.set('GET /api/v1/patients/101/', { body: { ...before, call_status: called } });
    const form = screen.getByRole('form', { name: 'Log a call' });
    await app.user.type(within(form).getByLabelText(/Start time/), '11:45');
    await app.user.type(within(form).getByLabelText(/Minutes/), '10');
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('called this month')).toBeInTheDocument();
    expect(screen.queryByText('call needed, month ends soon')).not.toBeInTheDocument();
  });

  it('says a discharged patient is not in monitoring', async () => {
    fixtureApi(routes({ ...makePatient({ status: 'discharged' }), call_status: null, chat_freshness: null }));
    renderApp('/patient/101/dashboard', { token: 't' });
    const header = await screen.findByRole('region', { name: 'Patient details' });
    expect(await within(header).findByText('Not in monitoring')).toBeInTheDocument();
  });
});
