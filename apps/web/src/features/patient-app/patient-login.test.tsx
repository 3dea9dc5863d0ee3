import { act, screen, waitFor } from '@testing-library/react';
import { REDIRECT_PATH_KEY } from '@web/lib/storage.ts';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { patientRoutes } from './patient-fixtures.ts';

const verified = (token?: string) => ({ body: { verified: true, verification_token: 'v', ...(token && { token }) } });

describe('patient sign-in', () => {
  beforeEach(() => changeLanguage('en'));

  it('signs in by a texted code and lands on today', async () => {
    const api = fixtureApi({
      'POST /clinic/patient/send-otp': { status: 202, body: { detail: 'sent' } },
      'POST /clinic/patient/verify-otp': verified('patient-token'),
      ...patientRoutes(),
    });
    const app = renderApp('/patient/login');

    await app.user.type(await screen.findByLabelText('Mobile number'), '(555) 123-4567');
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await app.user.type(await screen.findByLabelText('6-digit code'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(app.location().pathname).toBe('/my/today');
    expect(api.calls('POST /clinic/patient/send-otp')[0]?.body).toEqual({ phone: '+15551234567' });
    expect(api.calls('POST /clinic/patient/verify-otp')[0]?.body).toEqual({ phone: '+15551234567', otp: '123456' });
    expect(window.localStorage.getItem('rehabit.access_token')).toBe('patient-token');
  });

  it('says so when the code is wrong, and when the phone has no patient account', async () => {
    const api = fixtureApi({
      'POST /clinic/patient/send-otp': { status: 202, body: { detail: 'sent' } },
      'POST /clinic/patient/verify-otp': problem(400, 'validation_failed', 'Check the fields', {
        otp: ['The code is not right. 4 tries left.'],
      }),
    });
    const app = renderApp('/patient/login');
    await app.user.type(await screen.findByLabelText('Mobile number'), '5551234567');
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    const code = await screen.findByLabelText('6-digit code');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code')).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/verify-otp')).toHaveLength(0);

    await app.user.type(code, '000000');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();

    api.set('POST /clinic/patient/verify-otp', verified());
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/This phone number has no patient account/)).toBeInTheDocument();
    expect(window.localStorage.getItem('rehabit.access_token')).toBeNull();
    expect(app.location().pathname).toBe('/patient/login');
  });

  it('offers a new code only after the server’s one-minute pause between codes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const api = fixtureApi({ 'POST /clinic/patient/send-otp': { status: 202, body: { detail: 'sent' } } });
    const app = renderApp('/patient/login');
    await app.user.type(await screen.findByLabelText('Mobile number'), '5551234567');
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    const resend = await screen.findByRole('button', { name: 'Send a new code in 60 s' });
    for (let second = 0; second < 59; second++) act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(resend).toHaveAccessibleName('Send a new code in 1 s'));
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(resend).toBeEnabled());
    await app.user.click(resend);
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/send-otp')).toHaveLength(2);
  });

  it('says when a code is dead after too many wrong tries, in English and Spanish', async () => {
    fixtureApi({
      'POST /clinic/patient/send-otp': { status: 202, body: { detail: 'sent' } },
      'POST /clinic/patient/verify-otp': problem(400, 'code_used_up', 'Server wording', { otp: ['Server wording'] }),
    });
    const app = renderApp('/patient/login');
    await app.user.type(await screen.findByLabelText('Mobile number'), '5551234567');
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await app.user.type(await screen.findByLabelText('6-digit code'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('That code had too many wrong tries and no longer works. Ask for a new code.'),
    ).toBeInTheDocument();
    await act(() => changeLanguage('es'));
    expect(
      await screen.findByText('Ese código tuvo demasiados intentos fallidos y ya no sirve. Pida un código nuevo.'),
    ).toBeInTheDocument();
  });

  it('tells how long until a new code can be sent, and counts the pause down on the button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const pause = (seconds: number) => ({
      ...problem(429, 'rate_limited', 'Server wording'),
      headers: { 'retry-after': String(seconds) },
    });
    const api = fixtureApi({ 'POST /clinic/patient/send-otp': pause(600) });
    const app = renderApp('/patient/login');
    await app.user.type(await screen.findByLabelText('Mobile number'), '5551234567');
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText(
        'You can ask for a new code in 10 minutes. A code you already received works until it expires.',
      ),
    ).toBeInTheDocument();

    api.set('POST /clinic/patient/send-otp', { status: 202, body: { detail: 'sent' } });
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    const resend = await screen.findByRole('button', { name: 'Send a new code in 60 s' });
    for (let second = 0; second < 60; second++) act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(resend).toBeEnabled());
    api.set('POST /clinic/patient/send-otp', pause(42));
    await app.user.click(resend);
    expect(
      await screen.findByText(
        'You can ask for a new code in 42 seconds. A code you already received works until it expires.',
      ),
    ).toBeInTheDocument();
    expect(resend).toHaveAccessibleName('Send a new code in 42 s');
    expect(resend).toBeDisabled();
    await act(() => changeLanguage('es'));
    expect(
      await screen.findByText(
        'Podrá pedir un código nuevo en 42 segundos. Un código que ya recibió sirve hasta que caduque.',
      ),
    ).toBeInTheDocument();
  });

  it('signs in by e-mail and password, and names a wrong password', async () => {
    const api = fixtureApi({
      'POST /api/v1/patient/signin/': problem(401, 'invalid_credentials', 'Wrong e-mail or password'),
      ...patientRoutes(),
    });
    const app = renderApp('/patient/login');
    await app.user.click(await screen.findByRole('button', { name: 'With e-mail' }));
    await app.user.type(await screen.findByLabelText('E-mail'), 'Maria@Example.com');
    await app.user.type(screen.getByLabelText('Password'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail or password is not right.')).toBeInTheDocument();

    api.set('POST /api/v1/patient/signin/', { body: { token: 'patient-token' } });
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(api.calls('POST /api/v1/patient/signin/').at(-1)?.body).toEqual({
      email: 'maria@example.com',
      password: 'wrong',
    });
  });

  it('sends a signed-out visitor to the patient sign-in and back to the page they wanted', async () => {
    fixtureApi({ 'POST /api/v1/patient/signin/': { body: { token: 'patient-token' } }, ...patientRoutes() });
    const app = renderApp('/my/progress');
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(app.location().pathname).toBe('/patient/login');
    expect(window.sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/my/progress');

    await app.user.click(screen.getByRole('button', { name: 'With e-mail' }));
    await app.user.type(await screen.findByLabelText('E-mail'), 'maria@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Progress', level: 1 });
    expect(app.location().pathname).toBe('/my/progress');
  });

  it('sends a patient who opens a staff page to today, and staff who open the patient side to patients', async () => {
    fixtureApi(patientRoutes());
    const patientApp = renderApp('/patients', { token: 'patient-token' });
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(patientApp.location().pathname).toBe('/my/today');
    patientApp.unmount();

    fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    const staffApp = renderApp('/my/today', { token: 'staff-token' });
    await waitFor(() => expect(staffApp.location().pathname).toBe('/patients'));
  });

  it('takes a patient who is signed in already past the sign-in page', async () => {
    fixtureApi(patientRoutes());
    const app = renderApp('/patient/login', { token: 'patient-token' });
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(app.location().pathname).toBe('/my/today');
  });

  it('offers the patient sign-in from the staff sign-in page', async () => {
    fixtureApi();
    const app = renderApp('/login');
    await app.user.click(await screen.findByRole('link', { name: 'Sign in here' }));
    expect(await screen.findByRole('button', { name: 'With my phone' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/patient/login');
  });

  it('speaks Spanish when chosen, and keeps the choice', async () => {
    fixtureApi();
    const app = renderApp('/patient/login');
    await app.user.click(await screen.findByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviarme un código' })).toBeInTheDocument();
    expect(screen.getByLabelText('Número de celular')).toBeInTheDocument();
    expect(window.localStorage.getItem('rehabit.patient_language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    // The staff side stays English.
    await app.user.click(screen.getByRole('link', { name: '¿Personal de la clínica? Entre aquí' }));
    await screen.findByRole('link', { name: 'Sign in here' });
    expect(document.documentElement.lang).toBe('en');
  });
});
