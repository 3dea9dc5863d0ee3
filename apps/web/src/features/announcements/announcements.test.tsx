import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const NOTE = 'GET /admin/initial-note';
const SAVE = 'PUT /admin/initial-note';
const admin = { ...therapist, role: 'admin' as const };
const published = { initial_note: 'Billing closes on the 3rd.', updated_at: '2026-11-20T10:00:00.000Z' };

describe('announcements', () => {
  it('shows the published note with its preview, and publishes a change', async () => {
    const api = fixtureApi({
      ...signedInRoutes(admin),
      [NOTE]: { body: published },
      [SAVE]: ({ body }) => ({
        body: { initial_note: (body as { initial_note: string }).initial_note, updated_at: '2026-11-27T10:00:00.000Z' },
      }),
    });
    const app = renderApp('/admin/announcements', { token: 't' });
    const field = await screen.findByRole('textbox', { name: /Note to every clinic/ });
    expect(field).toHaveValue('Billing closes on the 3rd.');
    expect(screen.getByTestId('note-preview')).toHaveTextContent('Billing closes on the 3rd.');
    // Nothing to publish until the text changes.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await app.user.clear(field);
    await app.user.type(field, 'New: the dashboard shows your tasks.');
    expect(screen.getByTestId('note-preview')).toHaveTextContent('New: the dashboard shows your tasks.');
    await app.user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    expect(api.calls(SAVE)[0]!.body).toEqual({ initial_note: 'New: the dashboard shows your tasks.' });
    expect(await screen.findByText(/Note published/)).toBeInTheDocument();
  });

  it('clears the note with an empty text, and says no window shows', async () => {
    const api = fixtureApi({
      ...signedInRoutes(admin),
      [NOTE]: { body: published },
      [SAVE]: { body: { initial_note: null, updated_at: null } },
    });
    const app = renderApp('/admin/announcements', { token: 't' });
    await app.user.clear(await screen.findByRole('textbox', { name: /Note to every clinic/ }));
    expect(screen.getByText('Without a note, staff see no window.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Clear the note' }));
    await waitFor(() => expect(api.calls(SAVE)[0]?.body).toEqual({ initial_note: '' }));
    expect(await screen.findByText('No note is published.', { exact: false })).toBeInTheDocument();
  });

  it('shows the server’s refusal on the field', async () => {
    fixtureApi({
      ...signedInRoutes(admin),
      [NOTE]: { body: { initial_note: null, updated_at: null } },
      [SAVE]: problem(400, 'validation_failed', 'Too long', { initial_note: ['At most 2000 characters'] }),
    });
    const app = renderApp('/admin/announcements', { token: 't' });
    await app.user.type(await screen.findByRole('textbox', { name: /Note to every clinic/ }), 'Hello');
    await app.user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('At most 2000 characters')).toBeInTheDocument();
  });

  it('says what failed and retries', async () => {
    let fails = true;
    fixtureApi({
      ...signedInRoutes(admin),
      [NOTE]: () => (fails ? problem(503, 'unavailable') : { body: published }),
    });
    const app = renderApp('/admin/announcements', { token: 't' });
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The note could not be loaded');
    fails = false;
    await app.user.click(within(error).getByRole('button'));
    expect(await screen.findByRole('textbox', { name: /Note to every clinic/ })).toHaveValue(published.initial_note);
  });

  it('is not a therapist’s screen', async () => {
    const api = fixtureApi(signedInRoutes());
    renderApp('/admin/announcements', { token: 't' });
    expect(await screen.findByText('This page is for platform admins')).toBeInTheDocument();
    expect(api.calls(NOTE)).toHaveLength(0);
  });
});
