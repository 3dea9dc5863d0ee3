import type { Referral } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { afterEach, describe, expect, it } from 'vitest';

const LIST = 'GET /api/v1/clinic/referral/';
const SEND = 'POST /clinic/referral/send-email';

const referral = (overrides: Partial<Referral>): Referral => ({
  id: 1,
  email: 'nora.field@example.com',
  first_name: 'Nora',
  last_name: 'Field',
  status: 'invited',
  invited_at: '2026-03-02T15:00:00.000Z',
  expires_at: '2026-04-01T15:00:00.000Z',
  signed_up_at: null,
  approved_at: null,
  ...overrides,
});

const approved = referral({
  id: 3,
  email: 'sam.park@example.com',
  first_name: 'Sam',
  last_name: 'Park',
  status: 'approved',
  invited_at: '2026-02-10T15:00:00.000Z',
  signed_up_at: '2026-02-11T15:00:00.000Z',
  approved_at: '2026-02-12T15:00:00.000Z',
});
const invited = referral({ id: 2 });
const page = (results: Referral[], count = results.length) => ({
  count,
  next: count > 25 ? 2 : null,
  previous: null,
  results,
});

const invitations = () => screen.findByRole('table', { name: 'Your invitations' });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

async function fillInvite(app: ReturnType<typeof renderApp>, email = 'nora.field@example.com') {
  await app.user.type(await screen.findByLabelText(/First name/), 'Nora');
  await app.user.type(screen.getByLabelText(/Last name/), 'Field');
  await app.user.type(screen.getByLabelText(/E-mail/), email);
}

afterEach(() => {
  window.innerWidth = 1024;
});

describe('the referral screen', () => {
  it('lists the caller’s invitations with the status and the date of each step, a page at a time', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      [LIST]: ({ url }) => ({
        body: url.searchParams.get('page') === '2' ? page([approved], 26) : page([invited, approved], 26),
      }),
    });
    const app = renderApp('/referral', { token: 't' });
    const table = await invitations();
    expect(rowTexts(table)).toEqual([
      [
        'Nora Fieldnora.field@example.com',
        'Invited',
        'Mar 2, 2026Link works until Apr 1, 2026',
        '—Not yet',
        '—Not yet',
      ],
      ['Sam Parksam.park@example.com', 'Approved', 'Feb 10, 2026', 'Feb 11, 2026', 'Feb 12, 2026'],
    ]);
    expect(api.calls(LIST)[0]!.url.searchParams.get('page')).toBe('1');
    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('table', { name: 'Your invitations' }))).toHaveLength(1));
    expect(api.calls(LIST).at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says plainly when nothing was sent yet', async () => {
    fixtureApi({ ...signedInRoutes(), [LIST]: { body: page([]) } });
    renderApp('/referral', { token: 't' });
    expect(await screen.findByText('No invitations sent yet')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const api = fixtureApi({ ...signedInRoutes(), [LIST]: problem(500, 'internal_error') });
    const app = renderApp('/referral', { token: 't' });
    expect(await screen.findByText('Your invitations could not be loaded')).toBeInTheDocument();
    api.set(LIST, { body: page([invited]) });
    await app.user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await invitations()).toBeInTheDocument();
  });

  it('shows invitations as cards on phones', async () => {
    window.innerWidth = 390;
    fixtureApi({ ...signedInRoutes(), [LIST]: { body: page([approved]) } });
    renderApp('/referral', { token: 't' });
    const cards = await screen.findByRole('list', { name: 'Your invitations' });
    const [card] = within(cards).getAllByRole('listitem');
    expect(card).toHaveTextContent('Sam Park');
    expect(card).toHaveTextContent('Approved');
    expect(card).toHaveTextContent('Signed upFeb 11, 2026');
  });

  it('checks the fields, sends the invitation with this portal’s sign-up page, and lists it', async () => {
    const api = fixtureApi({ ...signedInRoutes(), [LIST]: { body: page([]) }, [SEND]: { status: 201, body: invited } });
    const app = renderApp('/referral', { token: 't' });
    await screen.findByText('No invitations sent yet');
    await app.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(SEND)).toHaveLength(0);

    await fillInvite(app, ' Nora.Field@Example.com ');
    api.set(LIST, { body: page([invited]) });
    await app.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Invitation sent');
    expect(sent).toHaveTextContent(
      'nora.field@example.com can create an account with the link in the e-mail until Apr 1, 2026.',
    );
    expect(api.calls(SEND)[0]!.body).toEqual({
      first_name: 'Nora',
      last_name: 'Field',
      email: 'nora.field@example.com',
      action_url: `${window.location.origin}/therapist-signup`,
    });
    expect(screen.getByLabelText(/First name/)).toHaveValue('');
    // The list is read again and shows the new invitation.
    expect(rowTexts(await invitations())[0]![1]).toBe('Invited');
  });

  it('puts the server’s refusal of the address on the field, and the daily cap above the form', async () => {
    const taken = 'nora.field@example.com already has an open invitation, valid until April 1, 2026.';
    const api = fixtureApi({
      ...signedInRoutes(),
      [LIST]: { body: page([]) },
      [SEND]: problem(409, 'conflict', taken, { email: [taken] }),
    });
    const app = renderApp('/referral', { token: 't' });
    await fillInvite(app);
    await app.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');

    const cap = 'You have sent 10 invitations in the last 24 hours, the most allowed. Try again tomorrow.';
    api.set(SEND, problem(429, 'rate_limited', cap));
    await app.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cap);
  });

  it('tells a restricted demo account that its invitation stays inside Rehabit', async () => {
    fixtureApi({
      ...signedInRoutes({ ...therapist, code: 'X5218' }),
      [LIST]: { body: page([]) },
      [SEND]: { status: 201, body: invited },
    });
    const app = renderApp('/referral', { token: 't' });
    await fillInvite(app);
    await app.user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const recorded = await screen.findByRole('status');
    expect(recorded).toHaveTextContent('Invitation recorded');
    expect(recorded).toHaveTextContent('no e-mail leaves Rehabit');
  });
});
