import type { PatientBanners } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

type Fixture = NonNullable<Parameters<typeof fixtureApi>[0]>[string];

const maria = makePatient();
const bannersPath = 'GET /user/therapist/banners/101/snoozes';
const answer = (banners: PatientBanners['banners']): PatientBanners => ({ today: '2026-03-20', banners, snoozes: [] });
const all = answer([
  { banner: 'no_call', cause: '2026-03' },
  { banner: 'no_data', cause: '2026-03-05' },
  { banner: 'program_stale', cause: '2026-02-01' },
  { banner: 'no_consent', cause: 'missing' },
  { banner: 'billing_close', cause: '2026-03' },
]);
const routes = (banners: Fixture = { body: all }) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: maria },
  [bannersPath]: banners,
});
const strip = () => screen.findByRole('region', { name: 'Needs attention' });

describe('banners on the patient dashboard', () => {
  it('say what needs doing, each with where it is solved', async () => {
    fixtureApi(routes());
    renderApp('/patient/101/dashboard', { token: 't' });
    const items = within(await strip()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.banner-strip__text')?.textContent)).toEqual([
      'No live call is logged this month.',
      'No patient data since Mar 5, 2026.',
      'The program has not been updated since Feb 1, 2026.',
      'RTM consent is missing: nothing can be billed without it.',
      'Close to a billing threshold this month.',
    ]);
    const region = await strip();
    expect(within(region).getByRole('link', { name: 'Log a call' })).toHaveAttribute('href', '#interaction-log');
    expect(within(region).getByRole('link', { name: 'Review the program' })).toHaveAttribute('href', '#program');
    expect(within(region).getByRole('link', { name: 'See progress' })).toHaveAttribute('href', '#progress');
    expect(within(region).getAllByRole('button', { name: /^Snooze for 7 days: / })).toHaveLength(5);
  });

  it('open the edit dialog to record a missing consent', async () => {
    fixtureApi(routes({ body: answer([{ banner: 'no_consent', cause: 'missing' }]) }));
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    await app.user.click(within(await strip()).getByRole('button', { name: 'Record consent' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Maria Garcia' })).toBeInTheDocument();
  });

  it('snooze one banner for 7 days, from the keyboard, and say so', async () => {
    const snoozed = { banner: 'no_call', snoozed_until: '2026-03-27T19:00:00.000Z', cause: '2026-03' };
    const api = fixtureApi({
      ...routes({
        body: answer([
          { banner: 'no_call', cause: '2026-03' },
          { banner: 'no_data', cause: '2026-03-05' },
        ]),
      }),
      'POST /user/therapist/banners/101/no_call/snooze': { body: snoozed },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const button = within(await strip()).getByRole('button', {
      name: 'Snooze for 7 days: No live call is logged this month.',
    });
    button.focus();
    // The server then answers without it.
    api.set(bannersPath, { body: { ...answer([{ banner: 'no_data', cause: '2026-03-05' }]), snoozes: [snoozed] } });
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('No live call is logged this month.')).not.toBeInTheDocument());
    expect(api.calls('POST /user/therapist/banners/101/no_call/snooze')).toHaveLength(1);
    expect(screen.getByText('Snoozed for 7 days: No live call is logged this month.')).toBeInTheDocument();
    expect(within(await strip()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('show nothing when none applies, when they cannot be read, or before onboarding', async () => {
    fixtureApi(routes({ body: answer([]) }));
    const first = renderApp('/patient/101/dashboard', { token: 't' });
    await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument());
    first.unmount();

    fixtureApi(routes(problem(500, 'internal', 'Down')));
    const second = renderApp('/patient/101/dashboard', { token: 't' });
    await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 });
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();
    second.unmount();

    const api = fixtureApi({
      ...routes(),
      'GET /api/v1/patients/101/': { body: makePatient({ status: 'registered' }) },
    });
    renderApp('/patient/101/dashboard', { token: 't' });
    await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 });
    expect(api.calls(bannersPath)).toHaveLength(0);
  });
});
