import { BILLING_FILE_MAX_BYTES } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { clinic, userPage } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles } from '@web/testing/saved-files.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  admin,
  billingManager,
  billingRoutes,
  CANCEL_BADGE_URL,
  checkFileUrl,
  downloadUrl,
  fileSection,
  generatedFile,
  NOW,
  noFile,
  UNITS_URL,
} from './billing-fixtures.ts';
import { bytesOf } from './lib/xlsx-file.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

// The first bytes of a real workbook: an .xlsx is a ZIP archive.
const workbookBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
const base64Of = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('the month’s billing file', () => {
  it('downloads the file with its progress, saves it as the workbook, and clears the round ‘1’ of a new file', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = fixtureApi({
      ...billingRoutes(),
      [downloadUrl(2, 2026)]: async () => {
        await answered;
        return { body: { content: base64Of(workbookBytes), name: 'billing-DEMO01-2026-02.xlsx' } };
      },
      [CANCEL_BADGE_URL]: { body: { user: { ...billingManager, is_new_billing_uploaded: false } } },
    });
    const saved = catchSavedFiles();
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Balances/ })).toContainElement(screen.getByTestId('round-badge'));

    const file = await fileSection('February 2026');
    expect(await within(file).findByText('billing-DEMO01-2026-02.xlsx')).toBeVisible();
    // Made just after midnight in New York on March 1.
    expect(file).toHaveTextContent('Made on Mar 1, 2026');
    await app.user.click(within(file).getByRole('button', { name: 'Download billing file' }));

    // Until the answer says its size, the bar cannot say how far it is.
    const bar = await within(file).findByRole('progressbar', { name: 'Downloading the billing file' });
    expect(bar).not.toHaveAttribute('value');
    answer();

    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    const link = saved.link();
    expect(link.download).toBe('billing-DEMO01-2026-02.xlsx');
    expect(saved.blob().type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect([...(await bytesOf(saved.blob()))]).toEqual([...workbookBytes]);

    await waitFor(() => expect(screen.queryByTestId('round-badge')).not.toBeInTheDocument());
    expect(api.calls(CANCEL_BADGE_URL)).toHaveLength(1);
    expect(within(file).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says what failed when the download is refused, and keeps the badge', async () => {
    fixtureApi({
      ...billingRoutes(),
      [downloadUrl(2, 2026)]: problem(404, 'not_found', 'The billing file of February 2026 does not exist.'),
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const file = await fileSection('February 2026');
    await app.user.click(await within(file).findByRole('button', { name: 'Download billing file' }));
    expect(await within(file).findByRole('alert')).toHaveTextContent(
      'The billing file could not be downloadedThe billing file of February 2026 does not exist.',
    );
    expect(screen.getByTestId('round-badge')).toBeInTheDocument();
  });

  it('says when the file of a running month will appear: after its last day in the clinic’s timezone', async () => {
    fixtureApi(billingRoutes());
    renderApp('/balances', { token: 't' });
    const file = await fileSection('March 2026');
    expect(
      await within(file).findByText(
        'The file of March 2026 is made when the month closes, after Mar 31, 2026 ends in the clinic’s timezone (America/New_York).',
      ),
    ).toBeVisible();
    expect(within(file).queryByRole('button', { name: 'Download billing file' })).not.toBeInTheDocument();
    // Clinic staff do not make or replace files.
    expect(within(file).queryByRole('button', { name: /Make the file/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Clinic' })).not.toBeInTheDocument();
  });

  it('shows the check’s failure with a retry', async () => {
    const api = fixtureApi({ ...billingRoutes(), [checkFileUrl(3, 2026)]: problem(403, 'forbidden', 'Not yours.') });
    const app = renderApp('/balances', { token: 't' });
    const file = await fileSection('March 2026');
    expect(await within(file).findByRole('alert')).toHaveTextContent('Not yours.');
    api.set(checkFileUrl(3, 2026), { body: generatedFile });
    await app.user.click(within(file).getByRole('button', { name: 'Try again' }));
    expect(await within(file).findByRole('button', { name: 'Download billing file' })).toBeEnabled();
  });
});

describe('admins and billing files', () => {
  const other = clinic({ code: 'OTH02', name: 'Other Clinic', timezone: 'America/Los_Angeles' });
  const clinicRef = ({ code, name }: { code: string; name: string }) => ({ code, name });
  const adminRoutes = () => ({
    ...billingRoutes(admin),
    'GET /api/v1/clinics/OTH02/': { body: other },
    'GET /api/v1/clinics/NOPE1/': problem(404, 'not_found', 'No clinic has this code.'),
    'GET /api/v1/admin/clinic-choices/': {
      body: { count: 2, next: null, previous: null, results: [clinicRef(clinic()), clinicRef(other)] },
    },
    [checkFileUrl(3, 2026)]: { body: noFile },
  });

  it('lets an admin choose a clinic from every clinic, and every call then names it', async () => {
    const api = fixtureApi(adminRoutes());
    const app = renderApp('/balances', { token: 't' });
    const picker = await screen.findByRole('combobox', { name: 'Clinic' });
    // The admin's own clinic first; one clinic at a time, so "All clinics" is no choice here.
    await waitFor(() => expect(picker).toHaveTextContent('Demo Physical Therapy (DEMO01)'));
    await app.user.click(picker);
    expect(screen.queryByRole('option', { name: 'All clinics' })).not.toBeInTheDocument();
    await app.user.click(await screen.findByRole('option', { name: 'Other Clinic (OTH02)' }));
    expect(picker).toHaveTextContent('Other Clinic (OTH02)');
    expect(app.location().search).toBe('?clinic=OTH02');
    await waitFor(() => expect(api.calls(UNITS_URL).at(-1)?.url.searchParams.get('clinic_code')).toBe('OTH02'));
    expect(api.calls(checkFileUrl(3, 2026)).at(-1)?.url.searchParams.get('clinic_code')).toBe('OTH02');
    await waitFor(() =>
      expect(api.calls('GET /api/v1/clinic/billing-settings/').at(-1)?.url.searchParams.get('clinic_code')).toBe(
        'OTH02',
      ),
    );

    // Back to the admin's own clinic: the address no longer names one.
    await app.user.click(picker);
    await app.user.click(await screen.findByRole('option', { name: 'Demo Physical Therapy (DEMO01)' }));
    expect(app.location().search).toBe('');
  });

  it('says when the clinic an address names cannot be opened', async () => {
    fixtureApi(adminRoutes());
    renderApp('/balances?clinic=NOPE1', { token: 't' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No clinic could be opened with the code NOPE1');
    expect(screen.getByRole('combobox', { name: 'Clinic' })).toHaveTextContent('NOPE1');
  });

  it('makes the month’s file again after asking', async () => {
    const api = fixtureApi({
      ...adminRoutes(),
      [checkFileUrl(2, 2026)]: { body: generatedFile },
      'POST /api/v1/admin/billing/DEMO01/2/2026/generate': {
        status: 201,
        body: { ...generatedFile, created_at: '2026-03-15T16:00:00Z' },
      },
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const file = await fileSection('February 2026');
    await app.user.click(await within(file).findByRole('button', { name: 'Make the file again' }));
    const dialog = screen.getByRole('dialog', { name: 'Make the billing file of February 2026 again?' });
    expect(dialog).toHaveTextContent('replaces the current one');
    await app.user.click(within(dialog).getByRole('button', { name: 'Make the file again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/v1/admin/billing/DEMO01/2/2026/generate')).toHaveLength(1);
    expect(within(file).getByText('Made on Mar 15, 2026')).toBeVisible();
    // The admin's own clinic got the round '1': the user is read again.
    await waitFor(() => expect(api.calls('GET /api/v1/users/').length).toBeGreaterThan(1));
  });

  it('uploads a corrected .xlsx of at most 5 MB, and says clearly why another file is refused', async () => {
    const api = fixtureApi({
      ...adminRoutes(),
      'PUT /api/v1/admin/billing/DEMO01/3/2026/file': {
        body: { exists: true, name: 'march-fixed.xlsx', source: 'uploaded', created_at: '2026-03-15T16:00:00Z' },
      },
    });
    const app = renderApp('/balances', { token: 't' });
    const file = await fileSection('March 2026');
    await app.user.click(await within(file).findByRole('button', { name: 'Upload a corrected file' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload a corrected file for March 2026' });
    const input = within(dialog).getByLabelText('Corrected file');
    // The file picker's filter is only a hint: a person can still choose any file.
    const person = userEvent.setup({ applyAccept: false });

    await person.upload(input, new File(['a,b'], 'march.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(/“march.csv” is not an Excel workbook/)).toBeVisible();

    await person.upload(input, new File([new Uint8Array(BILLING_FILE_MAX_BYTES + 1)], 'huge.xlsx'));
    expect(await within(dialog).findByText('“huge.xlsx” is 5.0 MB; a billing file can be at most 5 MB.')).toBeVisible();

    await person.upload(input, new File(['not a zip'], 'renamed.xlsx'));
    expect(await within(dialog).findByText(/“renamed.xlsx” is named .xlsx but is not an Excel workbook/)).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(api.calls('PUT /api/v1/admin/billing/DEMO01/3/2026/file')).toHaveLength(0);

    await person.upload(input, new File([workbookBytes], 'march fixed [v2].xlsx'));
    await waitFor(() => expect(within(dialog).queryByText(/not an Excel workbook/)).not.toBeInTheDocument());
    await app.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /api/v1/admin/billing/DEMO01/3/2026/file')[0]?.body).toEqual({
      name: 'march fixed -v2-.xlsx',
      content: base64Of(workbookBytes),
    });
    expect(within(file).getByText('Corrected file uploaded on Mar 15, 2026')).toBeVisible();
  });

  it('shows the server’s refusal of a corrected file inside the dialog', async () => {
    fixtureApi({
      ...adminRoutes(),
      'PUT /api/v1/admin/billing/DEMO01/3/2026/file': problem(400, 'validation_failed', 'The file is over 5 MB'),
    });
    const app = renderApp('/balances', { token: 't' });
    const file = await fileSection('March 2026');
    await app.user.click(await within(file).findByRole('button', { name: 'Upload a corrected file' }));
    const dialog = screen.getByRole('dialog');
    await app.user.upload(within(dialog).getByLabelText('Corrected file'), new File([workbookBytes], 'fix.xlsx'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file was not uploadedThe file is over 5 MB',
    );
  });
});

describe('the billing badge without a file on screen', () => {
  it('stays while the new file is unopened', async () => {
    fixtureApi({ ...billingRoutes(), 'GET /api/v1/users/': { body: userPage(billingManager) } });
    renderApp('/balances', { token: 't' });
    await fileSection('March 2026');
    expect(screen.getByTestId('round-badge')).toBeInTheDocument();
  });
});
