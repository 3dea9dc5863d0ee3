import type { InteractionLog } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { clinic, makePatient, manager, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles } from '@web/testing/saved-files.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

const maria = makePatient();
const call: InteractionLog = {
  id: 501,
  date: '2025-02-03',
  notes: 'Reviewed the bridge exercise; pain 3/10.',
  kind: 'phone',
  minutes: 12,
  started_at: '2025-02-03T15:30:00Z',
  created_by: { id: 7, display_name: 'Tara Nguyen' },
  created_at: '2025-02-03T16:00:00Z',
};
const logPage = (results: InteractionLog[]) => ({ count: results.length, next: null, previous: null, results });
const routes = (logs: InteractionLog[] = [call]) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: maria },
  'GET /api/v1/patients/101/log_interaction/': { body: logPage(logs) },
  'GET /api/v1/clinics/DEMO01/': { body: clinic() },
});

describe('patient dashboard', () => {
  it('heads the page with who the patient is and where they stand', async () => {
    const api = fixtureApi(routes());
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    expect(await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 })).toHaveTextContent('Onboarded');
    const details = screen.getByRole('region', { name: 'Patient details' });
    const age = dayjs().diff(dayjs('1956-03-04'), 'year');
    expect(details).toHaveTextContent(`${age} years`);
    expect(details).toHaveTextContent('Born Mar 4, 1956');
    expect(details).toHaveTextContent('M54.50 Low back pain, unspecified');
    expect(details).toHaveTextContent('Tara Nguyen');
    expect(details).toHaveTextContent('Episode startedJan 10, 2025');
    expect(details).toHaveTextContent('RTM consentJan 10, 2025written');
    expect(within(details).getByRole('switch', { name: 'RTM coverage for Maria Garcia' })).toBeChecked();
    // A therapist may discharge, change the therapist or edit, but not remove.
    const actions = ['Edit details', 'Change therapist', 'Discharge'];
    for (const name of actions) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    for (const name of ['Program', 'Progress', 'Functional data', 'Chat']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    // The chat section opens the real conversation in the chat panel; it never claims there are no messages.
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(chat).not.toHaveTextContent('No messages yet');
    await app.user.click(within(chat).getByRole('button', { name: 'Open the conversation' }));
    expect(useChatPanelStore.getState().isChatPanelOpen).toBe(true);
    await waitFor(() =>
      expect(api.calls('POST /chat/session').map((request) => request.body)).toEqual([{ patient: 101 }]),
    );
  });

  it("downloads the patient's record as a FHIR file for the clinic's EMR", async () => {
    const fhirPath = 'GET /api/v1/patients/101/fhir/';
    const record = { resourceType: 'Bundle', type: 'collection', entry: [] };
    const api = fixtureApi({
      ...routes(),
      [fhirPath]: {
        body: record,
        contentType: 'application/fhir+json',
        headers: { 'content-disposition': 'attachment; filename="fhir-record-101.json"' },
      },
    });
    const saved = catchSavedFiles();
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Download FHIR record' }));
    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    expect(api.calls(fhirPath)[0]?.headers.get('accept')).toContain('application/fhir+json');
    expect(saved.link().download).toBe('fhir-record-101.json');
    expect(JSON.parse(await saved.blob().text())).toEqual(record);
  });

  it('answers an unknown or foreign patient with a not-found state', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/999/': problem(404, 'not_found', 'Patient not found') });
    renderApp('/patient/999/dashboard', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Patient not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the patient list' })).toHaveAttribute('href', '/patients');
  });

  it("dates a new call by the clinic's calendar, which counts the month's calls, not the device's", async () => {
    // Near midnight, or away from the clinic, the device may already be on another day than the clinic.
    const clinicToday = dayjs().subtract(1, 'day');
    const api = fixtureApi({
      ...routes([]),
      'GET /api/v1/patients/101/rtm-status/': { body: { today: clinicToday.format('YYYY-MM-DD'), rtm: null } },
      'POST /api/v1/patients/101/log_interaction/': { status: 201, body: { ...call, id: 502 } },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Log a call' });
    const date = within(form).getByLabelText(/Date of the call/);
    await waitFor(() => expect(date).toHaveValue(clinicToday.format('MMM D, YYYY')));
    await app.user.type(within(form).getByLabelText(/Start time/), '09:30');
    await app.user.type(within(form).getByLabelText(/Minutes/), '6');
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('The call is logged')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/log_interaction/')[0]?.body).toMatchObject({
      date: clinicToday.format('YYYY-MM-DD'),
      start_time: '09:30',
    });
  });

  it('lists logged calls and logs a new one at a start time, showing each refusal beside its field', async () => {
    const api = fixtureApi({
      ...routes(),
      'POST /api/v1/patients/101/log_interaction/': { status: 201, body: { ...call, id: 502 } },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Logged calls' });
    expect(list).toHaveTextContent('Feb 3, 2025');
    // The start time on the clinic's clocks (New York).
    await waitFor(() => expect(list).toHaveTextContent('10:30 AM'));
    expect(list).toHaveTextContent('Phone call');
    expect(list).toHaveTextContent('12 min');
    expect(list).toHaveTextContent('Reviewed the bridge exercise; pain 3/10.');
    expect(list).toHaveTextContent('Logged by Tara Nguyen');

    const form = screen.getByRole('form', { name: 'Log a call' });
    const date = within(form).getByLabelText(/Date of the call/);
    expect(date).toHaveValue(dayjs().format('MMM D, YYYY'));
    expect(date).toHaveAccessibleDescription('Today or up to 7 days back');
    const start = within(form).getByLabelText(/Start time/);
    expect(start).toHaveAccessibleDescription(/^On the clinic's clock \((EST|EDT)\)$/);
    // The start time is asked before anything is sent.
    await app.user.type(within(form).getByLabelText(/Minutes/), '15');
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await within(form).findByText('Enter the time the call started')).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription(/Enter the time the call started/);
    expect(api.calls('POST /api/v1/patients/101/log_interaction/')).toHaveLength(0);

    await app.user.clear(date);
    await app.user.type(date, '02/10/2025');
    await app.user.type(start, '14:15');
    await app.user.click(within(form).getByRole('combobox', { name: 'Kind' }));
    await app.user.click(within(form).getByRole('option', { name: 'Video call' }));
    await app.user.type(within(form).getByLabelText('Notes'), 'Checked the new exercises by video.');
    // The server places the call on the clinician's clock and says why it does not fit, beside the field at fault.
    const overlap = 'This call would overlap your call with another patient from 2:00 PM to 2:30 PM on Feb 10, 2025';
    api.set('POST /api/v1/patients/101/log_interaction/', problem(409, 'conflict', overlap, { start_time: [overlap] }));
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await within(form).findByText(overlap)).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription(new RegExp(overlap));
    expect(start).toHaveAttribute('aria-invalid', 'true');
    const older =
      "A call can be logged up to 7 days back (from Feb 3, 2025); the clinic's supervisor can log an older one as a correction";
    api.set('POST /api/v1/patients/101/log_interaction/', problem(400, 'validation_failed', older, { date: [older] }));
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await within(form).findByText(older)).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription(new RegExp(older.replace(/[()]/g, '.')));

    api.set('POST /api/v1/patients/101/log_interaction/', { status: 201, body: { ...call, id: 502 } });
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('The call is logged')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/log_interaction/').at(-1)?.body).toEqual({
      date: '2025-02-10',
      start_time: '14:15',
      kind: 'video',
      minutes: 15,
      notes: 'Checked the new exercises by video.',
    });
    await waitFor(() => expect(api.calls('GET /api/v1/patients/101/log_interaction/')).toHaveLength(2));
  });

  it('refuses a call without a length, saying what is missing, and tells a logged call once', async () => {
    const api = fixtureApi({
      ...routes(),
      'POST /api/v1/patients/101/log_interaction/': { status: 201, body: { ...call, id: 502 } },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Log a call' });
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await within(form).findByText('A call lasts at least 1 minute')).toBeInTheDocument();
    await app.user.type(within(form).getByLabelText(/Minutes/), '0');
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await within(form).findByText('A call lasts at least 1 minute')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/log_interaction/')).toHaveLength(0);

    await app.user.clear(within(form).getByLabelText(/Minutes/));
    await app.user.type(within(form).getByLabelText(/Minutes/), '4');
    await app.user.type(within(form).getByLabelText(/Start time/), '08:05');
    await app.user.click(within(form).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('The call is logged')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/log_interaction/')).toHaveLength(1);
    expect(screen.getAllByText('The call is logged')).toHaveLength(1);
  });

  it('deletes a call after a confirmation', async () => {
    const api = fixtureApi({ ...routes(), 'POST /api/v1/patients/101/log_interaction/delete/': { status: 204 } });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Delete the phone call of Feb 3, 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this call?' });
    expect(dialog).toHaveTextContent('The call of Feb 3, 2025 (12 min) will no longer count');
    api.set('GET /api/v1/patients/101/log_interaction/', { body: logPage([]) });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete call' }));
    expect(await screen.findByRole('region', { name: 'No calls logged yet' })).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/log_interaction/delete/')[0]?.body).toEqual({ log: 501 });
  });

  it('offers onboarding for a registered patient and removal to managers', async () => {
    const registered = makePatient({
      status: 'registered',
      diagnosis: null,
      diagnosis_description: null,
      therapist: null,
    });
    fixtureApi({
      ...signedInRoutes(manager),
      'GET /api/v1/patients/101/': { body: registered },
      'GET /api/v1/patients/101/log_interaction/': { body: logPage([]) },
      'POST /api/v1/patients/101/remove/': { body: { ...registered, status: 'removed' } },
      'GET /api/v1/patients/': { body: { count: 0, next: null, previous: null, results: [], count_capped: false } },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    expect(await screen.findByRole('button', { name: 'Onboard' })).toHaveClass('btn--primary');
    expect(screen.getByRole('region', { name: 'Patient details' })).toHaveTextContent('Not set — onboarding sets it');
    await app.user.click(screen.getByRole('button', { name: 'Remove' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Maria Garcia?' })).getByRole('button', {
        name: 'Remove patient',
      }),
    );
    await waitFor(() => expect(app.location().pathname).toBe('/patients'));
  });
});
