import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_PATH_KEY } from '../lib/storage.ts';
import { fixtureApi, problem } from '../testing/fixture-api.ts';
import { signedInRoutes, supervisor, therapist, userPage } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';

describe('navigation guard', () => {
  it('sends a signed-out visitor to sign-in and back to the page they wanted', async () => {
    const api = fixtureApi({
      'POST /clinic/therapist/signin': { body: { token: 'fresh-token' } },
      ...signedInRoutes(),
    });
    const app = renderApp('/balances?month=3#top');

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(app.location().pathname).toBe('/login');
    expect(window.sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/balances?month=3#top');

    await app.user.type(screen.getByLabelText(/E-mail/), 'Therapist@Example.com');
    await app.user.type(screen.getByLabelText(/Password/), 'rehabit-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    expect(app.location().pathname).toBe('/balances');
    expect(app.location().search).toBe('?month=3');
    expect(api.calls('POST /clinic/therapist/signin')[0]?.body).toEqual({
      email: 'therapist@example.com',
      password: 'rehabit-demo-1',
    });
    expect(window.localStorage.getItem('rehabit.access_token')).toBe('fresh-token');
    expect(window.sessionStorage.getItem(REDIRECT_PATH_KEY)).toBeNull();
  });

  it('lands on the patient list after a plain sign-in', async () => {
    fixtureApi({ 'POST /clinic/therapist/signin': { body: { token: 't' } }, ...signedInRoutes() });
    const app = renderApp('/login');
    await app.user.type(await screen.findByLabelText(/E-mail/), 'therapist@example.com');
    await app.user.type(screen.getByLabelText(/Password/), 'secret-password');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(app.location().pathname).toBe('/patients');
  });

  it('loads the current user and settings info with the stored token, credentials included', async () => {
    const api = fixtureApi(signedInRoutes());
    renderApp('/patients', { token: 'stored-token' });

    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(screen.getByText('Demo Physical Therapy')).toBeInTheDocument();
    const [userCall] = api.calls('GET /api/v1/users/');
    expect(userCall?.headers.get('authorization')).toBe('Bearer stored-token');
    expect(userCall?.credentials).toBe('include');
    await waitFor(() => expect(api.calls('GET /user/settings-info')).toHaveLength(1));
  });

  it('signs out and asks for sign-in again when the current user cannot be loaded', async () => {
    const api = fixtureApi({
      'GET /api/v1/users/': problem(401, 'unauthenticated', 'Session expired'),
      'POST /clinic/therapist/logout': { status: 204 },
    });
    const app = renderApp('/dashboard', { token: 'expired-token' });

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(app.location().pathname).toBe('/login');
    expect(window.localStorage.getItem('rehabit.access_token')).toBeNull();
    expect(window.sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/dashboard');
    expect(api.calls('GET /user/settings-info')).toHaveLength(0);
  });

  it('signs out on a server failure of the user load too', async () => {
    const api = fixtureApi({
      'GET /api/v1/users/': problem(500, 'internal_error', 'Boom'),
      'POST /clinic/therapist/logout': { status: 204 },
    });
    const app = renderApp('/patients', { token: 'token' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(app.location().pathname).toBe('/login');
    expect(api.calls('POST /clinic/therapist/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('rehabit.access_token')).toBeNull();
  });

  it('keeps the session when the user load never reached the server (offline)', async () => {
    const api = fixtureApi({
      'GET /api/v1/users/': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /clinic/therapist/logout': { status: 204 },
    });
    const app = renderApp('/patients', { token: 'token' });
    await waitFor(() => expect(api.calls('GET /api/v1/users/').length).toBeGreaterThan(0));
    // Give a sign-out the time it would take, then check it did not come.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.location().pathname).toBe('/patients');
    expect(api.calls('POST /clinic/therapist/logout')).toHaveLength(0);
    expect(window.localStorage.getItem('rehabit.access_token')).toBe('token');
  });

  it('sends a patient on a staff address to their side before any staff request', async () => {
    const api = fixtureApi({
      ...signedInRoutes({ ...therapist, role: 'patient' }),
      'GET /api/v1/patient/me/': problem(500, 'internal_error'),
    });
    const app = renderApp('/patients', { token: 'patient-token' });
    await waitFor(() => expect(app.location().pathname).toBe('/my/today'));
    const staffCalls = api.requests.filter(
      (request) => request.path !== '/api/v1/users/' && !request.path.startsWith('/api/v1/patient/'),
    );
    expect(staffCalls.map((request) => request.path)).toEqual([]);
    expect(window.localStorage.getItem('rehabit.signed_in_side')).toBe('patient');
  });

  it('ignores a failed settings-info load', async () => {
    fixtureApi({
      'GET /api/v1/users/': { body: userPage(therapist) },
      'GET /user/settings-info': problem(500, 'internal_error'),
    });
    const app = renderApp('/referral', { token: 'token' });
    await screen.findByRole('heading', { name: 'Referral program', level: 1 });
    expect(app.location().pathname).toBe('/referral');
  });

  it('scrolls smoothly to the top on every navigation', async () => {
    fixtureApi(signedInRoutes());
    const app = renderApp('/patients', { token: 'token' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    const before = vi.mocked(window.scrollTo).mock.calls.length;
    await app.user.click(screen.getByRole('link', { name: /Dashboard/ }));
    await screen.findByRole('heading', { name: 'Your patients', level: 1 });
    // The scroll runs in an effect after the new screen is committed, so it may land just after the heading.
    await waitFor(() => expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(before));
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'smooth' });
  });

  it('tells an admin whose page the therapist dashboard is, without sending them to a clinic supervisor', async () => {
    // The therapist dashboard is clinic work; platform admins have none.
    fixtureApi(signedInRoutes({ ...therapist, role: 'admin' }));
    renderApp('/dashboard', { token: 'token' });
    await screen.findByRole('heading', { name: 'This page is for staff therapists, office managers and supervisors' });
    expect(screen.getByText(/clinic staff’s own work; you can open any clinic read-only/)).toBeInTheDocument();
    expect(screen.queryByText(/clinic supervisor/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to clinics' })).toHaveAttribute('href', '/admin/clinics');
  });

  it.each([supervisor, { ...therapist, role: 'admin' as const }])(
    'tells a $role that the referral program is for therapists and managers, asking nothing of the API',
    async (user) => {
      const api = fixtureApi(signedInRoutes(user));
      renderApp('/referral', { token: 'token' });
      await screen.findByRole('heading', { name: 'This page is for staff therapists and office managers' });
      expect(screen.queryByRole('heading', { name: 'Referral program' })).not.toBeInTheDocument();
      expect(api.calls('GET /api/v1/clinic/referral/')).toHaveLength(0);
    },
  );

  it('answers an unknown address with the not-found screen', async () => {
    fixtureApi({});
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'We could not find this page' });
  });

  it('sends the site root to the patient list', async () => {
    fixtureApi(signedInRoutes());
    const app = renderApp('/', { token: 'token' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(app.location().pathname).toBe('/patients');
  });
});
