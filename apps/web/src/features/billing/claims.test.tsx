import { waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles, csvFile } from '@web/testing/saved-files.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  billingRoutes,
  checkFileUrl,
  claimsCheck,
  claimsCheckUrl,
  claimsCsvUrl,
  fileSection,
  generatedFile,
  NOW,
  signOffSection,
  signOffUrl,
  supervisor,
  unsigned,
} from './billing-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

const february = claimsCheck('2026-02', {
  lines: 4,
  clinic_missing: ['tin'],
  gaps: [
    {
      patient: { id: 102, first_name: 'David', last_name: 'Jackson' },
      code: '98985',
      date_of_service: '2026-02-05',
      missing: ['member_id', 'icd10', 'rendering_npi'],
    },
  ],
});

describe('the claims of a closed month', () => {
  it('are checked on the sign-off card before signing: the clinic’s gaps once, each line’s with its patient', async () => {
    const api = fixtureApi({ ...billingRoutes(supervisor), [claimsCheckUrl(2, 2026)]: { body: february } });
    renderApp('/balances?month=2026-02', { token: 't' });
    const card = await signOffSection('February 2026');
    const claims = await within(card).findByRole('region', { name: 'Claims of the month' });
    expect(claims).toHaveTextContent('Every line lacks the clinic’s TIN, set in the clinic’s settings.');
    expect(claims).toHaveTextContent('One of 4 service lines lacks fields a claim needs, for one patient.');
    const [gap] = within(claims).getAllByRole('listitem');
    expect(gap).toHaveTextContent('David Jackson: lacks member ID, ICD-10, rendering NPI');
    expect(gap).toHaveTextContent('CPT 98985 on Feb 5, 2026');
    expect(within(gap!).getByRole('link', { name: 'David Jackson' })).toHaveAttribute('href', '/patient/102/dashboard');
    // The check comes before the button that signs.
    const button = within(card).getByRole('button', { name: 'Sign off February 2026' });
    expect(claims.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls(claimsCheckUrl(2, 2026))).toHaveLength(1);
  });

  it('reads the check afresh each time the card shows, so a gap fixed elsewhere is gone on return', async () => {
    const api = fixtureApi(billingRoutes(supervisor));
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    await within(await signOffSection('February 2026')).findByRole('region', { name: 'Claims of the month' });
    await app.router.navigate('/balances?month=2026-03');
    await within(await signOffSection('March 2026')).findByText(/has not closed yet/);
    await app.router.navigate('/balances?month=2026-02');
    await within(await signOffSection('February 2026')).findByRole('region', { name: 'Claims of the month' });
    await waitFor(() => expect(api.calls(claimsCheckUrl(2, 2026))).toHaveLength(2));
  });

  it('says so when every line has what a claim needs, and is not asked of an open month', async () => {
    const api = fixtureApi(billingRoutes(supervisor));
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const card = await signOffSection('February 2026');
    expect(await within(card).findByRole('region', { name: 'Claims of the month' })).toHaveTextContent(
      'All 4 service lines have what a claim needs',
    );
    await app.router.navigate('/balances?month=2026-03');
    expect(await within(await signOffSection('March 2026')).findByText(/has not closed yet/)).toBeVisible();
    expect(api.calls(claimsCheckUrl(3, 2026))).toHaveLength(0);
  });

  it('says what failed when the check cannot be read, and reads it again on retry', async () => {
    const api = fixtureApi({
      ...billingRoutes(supervisor),
      [claimsCheckUrl(2, 2026)]: problem(500, 'internal', 'Something went wrong'),
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const card = await signOffSection('February 2026');
    expect(await within(card).findByText('The claims could not be checked for missing fields')).toBeVisible();
    api.set(claimsCheckUrl(2, 2026), { body: february });
    await app.user.click(within(card).getByRole('button', { name: /Try again/ }));
    expect(await within(card).findByText(/One of 4 service lines/)).toBeVisible();
  });

  it('lists a patient’s lines together, and folds a long list so the button stays near', async () => {
    const names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eva', 'Fay'];
    const gaps = names.flatMap((first_name, i) =>
      (['98977', '98980'] as const).map((code) => ({
        patient: { id: 200 + i, first_name, last_name: 'Ortiz' },
        code,
        date_of_service: code === '98977' ? '2026-02-10' : '2026-02-28',
        missing: ['member_id' as const],
      })),
    );
    fixtureApi({
      ...billingRoutes(supervisor),
      [claimsCheckUrl(2, 2026)]: { body: claimsCheck('2026-02', { lines: 14, gaps }) },
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const claims = await within(await signOffSection('February 2026')).findByRole('region', {
      name: 'Claims of the month',
    });
    expect(
      await within(claims).findByText(/12 of 14 service lines lack fields a claim needs, for 6 patients/),
    ).toBeVisible();
    const more = within(claims).getByText('Show the 6 patients and their lines');
    expect(within(claims).getByRole('link', { name: 'Ana Ortiz' })).not.toBeVisible();
    await app.user.click(more);
    const items = within(claims).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Ana Ortiz: lacks member ID');
    expect(items[0]).toHaveTextContent('CPT 98977 on Feb 10, 2026 · CPT 98980 on Feb 28, 2026');
    expect(within(claims).getByRole('link', { name: 'Ana Ortiz' })).toBeVisible();
  });

  it('download as a CSV from the billing file card of a closed month, beside the billing file', async () => {
    const csv = '\uFEFFPatient last name,Patient first name\r\nGarcia,Maria\r\n';
    const api = fixtureApi({
      ...billingRoutes(),
      [claimsCsvUrl(2, 2026)]: csvFile('rehabit-claims-DEMO01-2026-02.csv', csv),
    });
    const saved = catchSavedFiles();
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const file = await fileSection('February 2026');
    expect(await within(file).findByRole('button', { name: 'Download billing file' })).toBeVisible();
    await app.user.click(await within(file).findByRole('button', { name: 'Download claims CSV' }));
    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    expect(api.calls(claimsCsvUrl(2, 2026))[0]?.headers.get('accept')).toContain('text/csv');
    expect(saved.link().download).toBe('rehabit-claims-DEMO01-2026-02.csv');
    expect([...new Uint8Array(await saved.blob().arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
  });

  it('are not offered for a month still open, and a refused download says why', async () => {
    const api = fixtureApi({
      ...billingRoutes(),
      [checkFileUrl(3, 2026)]: { body: { ...generatedFile, name: 'billing-DEMO01-2026-03.xlsx' } },
      [signOffUrl(3, 2026)]: { body: unsigned('2026-03', 'open') },
      [claimsCsvUrl(2, 2026)]: problem(409, 'conflict', '2026-02 is not closed yet: its claims are made later'),
    });
    const app = renderApp('/balances?month=2026-03', { token: 't' });
    const march = await fileSection('March 2026');
    expect(await within(march).findByRole('button', { name: 'Download billing file' })).toBeVisible();
    expect(within(march).queryByRole('button', { name: 'Download claims CSV' })).not.toBeInTheDocument();

    await app.router.navigate('/balances?month=2026-02');
    const february = await fileSection('February 2026');
    await app.user.click(await within(february).findByRole('button', { name: 'Download claims CSV' }));
    expect(await within(february).findByRole('alert')).toHaveTextContent('2026-02 is not closed yet');
    expect(api.calls(claimsCsvUrl(2, 2026))).toHaveLength(1);
  });
});
