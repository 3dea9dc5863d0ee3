import type { FhirExport } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { clinic, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles } from '@web/testing/saved-files.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, billingManager, billingRoutes, FHIR_EXPORTS_URL, NOW, supervisor } from './billing-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

const START_URL = 'POST /api/v1/clinic/fhir-exports/';
const stateUrl = (id: number) => `GET /api/v1/clinic/fhir-exports/${id}`;

const page = (results: FhirExport[]) => ({ count: results.length, next: null, previous: null, results });

const running: FhirExport = {
  id: 7,
  month: '2026-03',
  status: 'running',
  patients_done: 1,
  patients_total: 4,
  requested_by: { id: 2, name: 'Sam Rivera' },
  requested_at: '2026-03-15T16:00:00Z',
  finished_at: null,
  files: [],
};

const made: FhirExport = {
  ...running,
  status: 'done',
  patients_done: 4,
  finished_at: '2026-03-15T16:01:00Z',
  files: [
    { type: 'Patient', name: 'Patient.ndjson', count: 4 },
    { type: 'Observation', name: 'Observation.ndjson', count: 31 },
  ],
};

const exportSection = (month = 'March 2026') => screen.findByRole('region', { name: `FHIR export of ${month}` });

describe('the month’s FHIR export on Balances', () => {
  it('starts the export, shows its progress while it runs, then a download per resource type', async () => {
    const api = fixtureApi({
      ...billingRoutes(supervisor),
      [START_URL]: { status: 202, body: { ...running, status: 'queued', patients_done: 0, patients_total: null } },
      [stateUrl(7)]: { body: running },
    });
    const app = renderApp('/balances', { token: 't' });
    const card = await exportSection();
    expect(await within(card).findByText('No FHIR export of March 2026 has been made yet.')).toBeVisible();

    api.set(FHIR_EXPORTS_URL, {
      body: page([{ ...running, status: 'queued', patients_done: 0, patients_total: null }]),
    });
    await app.user.click(within(card).getByRole('button', { name: 'Export March 2026' }));
    expect(api.calls(START_URL)[0]!.body).toEqual({ month: 3, year: 2026 });
    // Clinic staff export their own clinic: no clinic is named.
    expect(api.calls(START_URL)[0]!.url.searchParams.has('clinic_code')).toBe(false);

    // The button gone, the keyboard is back on the card's title, the progress just below it.
    await waitFor(() => expect(within(card).getByRole('heading', { name: 'FHIR export of March 2026' })).toHaveFocus());
    // The state is asked for while the export runs.
    const bar = await within(card).findByRole('progressbar', { name: 'FHIR export progress' }, { timeout: 4000 });
    await waitFor(() => expect(bar).toHaveAttribute('value', '1'), { timeout: 4000 });
    expect(bar).toHaveAttribute('max', '4');
    expect(within(card).getByRole('status')).toHaveTextContent('Exporting… 1 of 4 patients');
    expect(within(card).queryByRole('button', { name: /Export March/ })).not.toBeInTheDocument();

    api.set(stateUrl(7), { body: made });
    const download = await within(card).findByRole(
      'button',
      { name: 'Download Patient.ndjson, 4 resources' },
      { timeout: 5000 },
    );
    expect(within(card).getByRole('button', { name: 'Download Observation.ndjson, 31 resources' })).toBeVisible();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    const polls = api.calls(stateUrl(7)).length;
    expect(polls).toBeGreaterThanOrEqual(2);

    const saved = catchSavedFiles();
    api.set('GET /api/v1/clinic/fhir-exports/7/Patient', {
      body: '{"resourceType":"Patient","id":"1"}\n',
      contentType: 'application/fhir+ndjson',
      headers: { 'content-disposition': 'attachment; filename="fhir-2026-03-Patient.ndjson"' },
    });
    await app.user.click(download);
    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    expect(saved.link().download).toBe('fhir-2026-03-Patient.ndjson');
    expect(api.calls('GET /api/v1/clinic/fhir-exports/7/Patient')[0]!.headers.get('accept')).toMatch(
      /^application\/fhir\+ndjson/,
    );
    // A made export is no longer asked for.
    expect(api.calls(stateUrl(7))).toHaveLength(polls);
  });

  it('shows the month’s earlier export with who asked for it and when, and offers to make it again', async () => {
    fixtureApi({
      ...billingRoutes(supervisor),
      [FHIR_EXPORTS_URL]: { body: page([made]) },
      [stateUrl(7)]: { body: made },
    });
    renderApp('/balances', { token: 't' });
    const card = await exportSection();
    // 11:00 in New York, the clinic's zone.
    expect(
      await within(card).findByText(/Asked for by Sam Rivera on Mar 15, 2026, 12:00 PM EDT; made on/),
    ).toBeVisible();
    expect(card).toHaveTextContent('with 4 patients');
    expect(within(card).getByRole('list', { name: 'Files of the export' }).children).toHaveLength(2);
    expect(within(card).getByRole('button', { name: 'Export March 2026 again' })).toBeEnabled();
  });

  it('says an export failed and lets it be tried again', async () => {
    const failed = { ...running, status: 'failed' as const, finished_at: '2026-03-15T16:20:00Z' };
    const api = fixtureApi({
      ...billingRoutes(supervisor),
      [FHIR_EXPORTS_URL]: { body: page([failed]) },
      [stateUrl(7)]: { body: failed },
      [START_URL]: { status: 202, body: { ...running, id: 8, status: 'queued' } },
    });
    const app = renderApp('/balances', { token: 't' });
    const card = await exportSection();
    expect(await within(card).findByRole('alert')).toHaveTextContent('The export could not be made');
    await app.user.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls(START_URL)).toHaveLength(1));
  });

  it('says what failed when the month’s export cannot be read, or cannot be started', async () => {
    const api = fixtureApi({
      ...billingRoutes(supervisor),
      [FHIR_EXPORTS_URL]: problem(503, 'unavailable', 'The database is not answering'),
    });
    const app = renderApp('/balances', { token: 't' });
    const card = await exportSection();
    expect(await within(card).findByText('The month’s FHIR export could not be checked')).toBeVisible();

    api.set(FHIR_EXPORTS_URL, { body: page([]) });
    api.set(START_URL, problem(400, 'validation_failed', '2026-04 has not started yet'));
    await app.user.click(within(card).getByRole('button', { name: /Try again/ }));
    await app.user.click(await within(card).findByRole('button', { name: 'Export March 2026' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('2026-04 has not started yet');
  });

  it('lets an admin export the clinic they chose', async () => {
    const api = fixtureApi({
      ...billingRoutes(admin),
      'GET /api/v1/clinics/CLIN02/': { body: clinic({ code: 'CLIN02', name: 'Other Clinic' }) },
      'GET /api/v1/admin/clinic-choices/': { body: page([]) },
      [START_URL]: { status: 202, body: { ...running, status: 'queued' } },
      [stateUrl(7)]: { body: { ...running, status: 'queued' } },
    });
    const app = renderApp('/balances?clinic=CLIN02', { token: 't' });
    const card = await exportSection();
    await app.user.click(await within(card).findByRole('button', { name: 'Export March 2026' }));
    await waitFor(() => expect(api.calls(START_URL)).toHaveLength(1));
    expect(api.calls(START_URL)[0]!.url.searchParams.get('clinic_code')).toBe('CLIN02');
    expect(api.calls(FHIR_EXPORTS_URL)[0]!.url.searchParams.get('clinic_code')).toBe('CLIN02');
  });

  it('is not offered to therapists and office managers', async () => {
    for (const user of [therapist, billingManager]) {
      const api = fixtureApi(billingRoutes(user));
      const view = renderApp('/balances', { token: 't' });
      expect(await screen.findByRole('region', { name: 'Billing file of March 2026' })).toBeVisible();
      expect(screen.queryByRole('region', { name: /FHIR export/ })).not.toBeInTheDocument();
      expect(api.calls(FHIR_EXPORTS_URL)).toHaveLength(0);
      view.unmount();
    }
  });
});
