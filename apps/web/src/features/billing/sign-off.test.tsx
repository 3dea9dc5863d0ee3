import type { BillingSignOff, PostCloseReview } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  billingRoutes,
  NOW,
  nobody,
  reviewUrl,
  signOffSection,
  signOffUrl,
  signUrl,
  supervisor,
  UNITS_URL,
  units,
  unsigned,
} from './billing-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

const CLOSED_SHA = 'a'.repeat(64);
const SIGNED_SHA = 'b'.repeat(64);

const signedFebruary: BillingSignOff = {
  month: '2026-02',
  state: 'signed',
  signed_by: { id: 2, name: 'Sam Rivera' },
  signed_at: '2026-03-02T14:30:00Z',
  closed_file: { name: 'rehabit-billing-DEMO01-2026-02.xlsx', sha256: CLOSED_SHA },
  signed_file: { name: 'rehabit-billing-DEMO01-2026-02-signed.xlsx', sha256: SIGNED_SHA },
};

const marchReview: PostCloseReview = {
  month: '2026-03',
  closed_months: [
    {
      month: '2026-02',
      state: 'signed',
      filed_at: '2026-03-01T05:10:00Z',
      filed_by: 'close',
      signed_at: '2026-03-02T14:30:00Z',
      signed_by: 'Sam Rivera',
      changes: [
        {
          kind: 'call_logged',
          summary: 'Phone call dated 2026-02-20, 20 min, logged after the close',
          at: '2026-03-10T15:00:00Z',
          by: 'Tara Nguyen',
          patient: { id: 101, first_name: 'Maria', last_name: 'Garcia' },
        },
      ],
      effects: [
        {
          patient: { id: 101, first_name: 'Maria', last_name: 'Garcia' },
          minutes: { filed: 25, live: 45 },
          codes: [{ code: '98981', filed: 0, live: 1 }],
          expected_payment: { filed: 43.05, live: 76.35 },
        },
      ],
      expected_payment: { filed: 43.05, live: 76.35 },
    },
  ],
};

describe('the month’s sign-off on Balances', () => {
  it('lets the supervisor sign a closed month off after confirming, then shows who signed and the checksums', async () => {
    const api = fixtureApi({
      ...billingRoutes(supervisor),
      [UNITS_URL]: { body: units({ month: '2026-02', is_provisional: false }) },
      [signUrl(2, 2026)]: { status: 201, body: signedFebruary },
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const card = await signOffSection('February 2026');
    expect(await within(card).findByText('Waiting for your sign-off.')).toBeVisible();
    const unitsRead = api.calls(UNITS_URL).length;

    await app.user.click(within(card).getByRole('button', { name: 'Sign off February 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign off February 2026?' });
    // The safe choice has the focus; nothing is sent until the sign-off is confirmed.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.calls(`POST /clinic/billing/2/2026/sign-off`)).toHaveLength(0);
    api.set(signOffUrl(2, 2026), { body: signedFebruary });
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /clinic/billing/2/2026/sign-off')).toHaveLength(1);
    // It signs the figures the supervisor had on screen (4 units, $136.95), which the server holds against the
    // month's figures as they stand.
    expect(api.calls('POST /clinic/billing/2/2026/sign-off')[0]!.body).toEqual({
      reviewed: { units: 4, expected_payment: 136.95 },
    });
    // Signed at 9:30 in New York, the clinic's zone, whatever the browser's.
    expect(await within(card).findByText(/Signed off by Sam Rivera on Mar 2, 2026, 9:30 AM EST/)).toBeVisible();
    expect(within(card).getByText(CLOSED_SHA)).toBeVisible();
    expect(within(card).getByText(SIGNED_SHA)).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Sign off/ })).not.toBeInTheDocument();
    // The month's figures are read again: they are now the signed ones.
    await waitFor(() => expect(api.calls(UNITS_URL).length).toBeGreaterThan(unitsRead));
  });

  it('shows a refusal inside the dialog and keeps the month unsigned', async () => {
    fixtureApi({
      ...billingRoutes(supervisor),
      [signUrl(2, 2026)]: problem(409, 'conflict', '2026-02 was signed off already, by Ana at 2026-03-02T14:00:00Z'),
    });
    const app = renderApp('/balances?month=2026-02', { token: 't' });
    const card = await signOffSection('February 2026');
    await app.user.click(await within(card).findByRole('button', { name: 'Sign off February 2026' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('2026-02 was signed off already');
  });

  it('shows a therapist the state without a button, and the running month as not closed yet', async () => {
    fixtureApi(billingRoutes(therapist));
    renderApp('/balances?month=2026-02', { token: 't' });
    const card = await signOffSection('February 2026');
    expect(await within(card).findByText('Not signed off yet.')).toBeVisible();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('labels a signed month’s figures as the filed ones, and lists the changes made since for the next month’s review', async () => {
    fixtureApi({
      ...billingRoutes(therapist),
      [UNITS_URL]: { body: { ...nobody('2026-03', true) } },
      [signOffUrl(2, 2026)]: { body: signedFebruary },
      [signOffUrl(3, 2026)]: { body: unsigned('2026-03', 'open') },
      [reviewUrl(3, 2026)]: { body: marchReview },
    });
    renderApp('/balances', { token: 't' });
    const review = await screen.findByRole('region', { name: 'Review: corrections to February 2026 since its close' });
    expect(review).toHaveTextContent(
      'February 2026 was filed at its close on Mar 1, 2026, 12:10 AM EST and signed off by Sam Rivera on Mar 2, 2026, 9:30 AM EST',
    );
    expect(review).toHaveTextContent('Its expected payment, filed → recomputed now: $43.05 → $76.35 (+$33.30)');
    const [change, effect] = within(review).getAllByRole('listitem');
    expect(change).toHaveTextContent(
      'Maria Garcia: Phone call dated 2026-02-20, 20 min, logged after the closeMar 10, 2026, 11:00 AM EDT, by Tara Nguyen',
    );
    expect(effect).toHaveTextContent(
      'Maria Garcia: minutes 25 → 45 (+20); 98981 units 0 → 1 (+1); expected payment $43.05 → $76.35 (+$33.30)',
    );
    const card = await signOffSection('March 2026');
    expect(await within(card).findByText(/has not closed yet/)).toBeVisible();
  });

  it('says the figures are the signed ones on a signed month', async () => {
    fixtureApi({
      ...billingRoutes(therapist),
      [UNITS_URL]: { body: units({ month: '2026-02', is_provisional: false, signed_at: '2026-03-02T14:30:00Z' }) },
      [signOffUrl(2, 2026)]: { body: signedFebruary },
    });
    renderApp('/balances?month=2026-02', { token: 't' });
    expect(await screen.findByText('Signed figures, as filed')).toBeVisible();
  });

  it('shows a closed month’s filed figures with the recomputed ones beside them, and what the supervisor signs', async () => {
    const corrections: PostCloseReview = {
      month: '2026-02',
      closed_months: [
        {
          ...marchReview.closed_months[0]!,
          state: 'closed',
          signed_at: null,
          signed_by: null,
          effects: [
            {
              ...marchReview.closed_months[0]!.effects[0]!,
              patient: { id: 101, first_name: 'Maria', last_name: 'Garcia' },
            },
          ],
        },
      ],
    };
    fixtureApi({
      ...billingRoutes(supervisor),
      [UNITS_URL]: { body: units({ month: '2026-02', is_provisional: false, filed_at: '2026-03-01T05:10:00Z' }) },
      [reviewUrl(2, 2026)]: { body: corrections },
    });
    renderApp('/balances?month=2026-02', { token: 't' });
    expect(await screen.findByText('Filed figures, as in the billing file')).toBeVisible();
    const totals = screen.getByLabelText('Totals of February 2026');
    expect(totals).toHaveTextContent('Filed: $43.05 · $76.35 now, with a correction after the close');
    const patients = screen.getByRole('table', { name: 'Patients who bill in February 2026' });
    expect(patients).toHaveTextContent('Filed: 25 min · 45 min now, with a correction after the close');
    const card = await signOffSection('February 2026');
    expect(await within(card).findByText(/One correction made after the close is listed beside it/)).toBeVisible();
    expect(card).toHaveTextContent('You sign the month as filed at its close: 4 units, $136.95 expected');
    expect(
      await screen.findByRole('region', { name: 'Corrections to February 2026 since its close' }),
    ).toHaveTextContent('February 2026 was filed at its close on Mar 1, 2026, 12:10 AM EST.');
  });
});
