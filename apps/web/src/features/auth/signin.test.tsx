import { screen } from '@testing-library/react';
import { useAuthStore } from '@web/features/session';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

async function submit(app: ReturnType<typeof renderApp>, email = 'therapist@example.com', password = 'password-1') {
  await app.user.type(await screen.findByLabelText(/E-mail/), email);
  await app.user.type(screen.getByLabelText(/Password/), password);
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('staff sign-in', () => {
  it.each([
    [401, 'invalid_credentials', 'The e-mail or password is not right'],
    [403, 'approval_pending', 'waiting for approval by your clinic supervisor'],
    [403, 'access_revoked', 'access to this clinic has been turned off'],
    [429, 'account_locked', 'from your network. Try again in 30 seconds'],
    [429, 'rate_limited', 'Too many attempts in a short time'],
  ])('%i %s gets a clear message and leaves no token', async (status, code, message) => {
    const detail = 'Too many failed sign-ins to this account from your network. Try again in 30 seconds.';
    fixtureApi({ 'POST /clinic/therapist/signin': problem(status, code, detail) });
    window.localStorage.setItem('rehabit.access_token', 'stale');
    const app = renderApp('/login');
    await submit(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(useAuthStore.getState()).toMatchObject({ token: null, status: 'error' });
    expect(window.localStorage.getItem('rehabit.access_token')).toBeNull();
    expect(app.location().pathname).toBe('/login');
  });

  it("shows the server's words for a code it does not know", async () => {
    fixtureApi({ 'POST /clinic/therapist/signin': problem(503, 'database_unavailable', 'Try again in a minute') });
    const app = renderApp('/login');
    await submit(app);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute');
  });

  it('checks the fields before calling the server', async () => {
    const api = fixtureApi({});
    const app = renderApp('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('sets loading while the request runs', async () => {
    let release: () => void = () => {};
    fixtureApi({
      'POST /clinic/therapist/signin': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { token: 't' } });
        }),
      ...signedInRoutes(),
    });
    const app = renderApp('/login');
    await submit(app);
    expect(useAuthStore.getState().status).toBe('loading');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    release();
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(useAuthStore.getState()).toMatchObject({ status: 'success', token: 't' });
  });
});

describe('supervisor sign-in', () => {
  it('signs in with the clinic code and lands on the therapist list', async () => {
    const api = fixtureApi({
      'POST /clinic/supervisor/signin': { body: { token: 'sup' } },
      ...signedInRoutes({
        id: 2,
        code: 'DEMO01',
        role: 'supervisor',
        email: 'supervisor@example.com',
        first_name: 'Sam',
        last_name: 'Lee',
        display_name: 'Sam Lee',
        clinic_name: 'Demo Physical Therapy',
        is_feature_notification_on: false,
        is_new_billing_uploaded: false,
      }),
    });
    const app = renderApp('/supervisor-login');
    await app.user.type(await screen.findByLabelText(/Clinic code/), ' demo01 ');
    await app.user.type(screen.getByLabelText(/Supervisor password/), 'demo-supervisor-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in as supervisor' }));
    await screen.findByRole('heading', { name: 'Therapists', level: 1 });
    expect(api.calls('POST /clinic/supervisor/signin')[0]?.body).toEqual({
      code: 'DEMO01',
      password: 'demo-supervisor-1',
    });
    expect(window.localStorage.getItem('rehabit.access_token')).toBe('sup');
  });

  it('explains a wrong code or password', async () => {
    fixtureApi({ 'POST /clinic/supervisor/signin': problem(401, 'invalid_credentials') });
    const app = renderApp('/supervisor-login');
    await app.user.type(await screen.findByLabelText(/Clinic code/), 'DEMO01');
    await app.user.type(screen.getByLabelText(/Supervisor password/), 'nope');
    await app.user.click(screen.getByRole('button', { name: 'Sign in as supervisor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic code or supervisor password is not right');
  });
});
