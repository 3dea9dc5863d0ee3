import { act, screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_WAIT_SECONDS } from './components/code-fields.tsx';
import { changeLanguage } from './i18n/i18n.ts';

const checkCode = ({ url }: RecordedRequest) =>
  url.searchParams.get('code') === 'DEMO01'
    ? { body: { valid: true, clinic_name: 'Rehabit Demo Clinic' } }
    : { body: { valid: false, clinic_name: null } };

const token = 'verification-token-of-at-least-20-characters';

/** The clinic code checked, a code texted, and 123456 the right code. */
const codeRoutes = {
  'GET /clinic/check_code': checkCode,
  'POST /clinic/patient/send-otp': { status: 202, body: { detail: 'We sent a 6-digit code to +15551234567.' } },
  'POST /clinic/patient/verify-otp': ({ body }: RecordedRequest) =>
    (body as { otp: string }).otp === '123456'
      ? { body: { verified: true, verification_token: token } }
      : problem(400, 'validation_failed', 'Check the code', { otp: ['The code is not right. 4 tries left.'] }),
};

const registered = {
  status: 201,
  body: { id: 9, detail: 'You are registered with Rehabit Demo Clinic. Your therapist will be in touch.' },
};

/** Timers run on their own and can be pushed forward past the wait between codes. */
const startResendClock = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });

/** Pushes the clock forward a second at a time, as the countdown ticks. */
const passSeconds = (seconds: number) => {
  for (let second = 0; second < seconds; second++) act(() => vi.advanceTimersByTime(1000));
};

/** Opens the DEMO01 sign-up and asks for a code to 555 123 4567. */
async function askForCode() {
  const app = renderApp('/patient/signup?clinic=DEMO01');
  await app.user.type(await screen.findByLabelText('Mobile number'), '5551234567');
  await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
  return app;
}

describe('patient sign-up from the QR code', () => {
  beforeEach(() => changeLanguage('en'));

  it('goes phone → code → details → done, one screen each', async () => {
    const api = fixtureApi({
      ...codeRoutes,
      'POST /clinic/patient/qr-registration': registered,
    });
    const app = renderApp('/patient/signup?clinic=demo01');
    expect(await screen.findByRole('heading', { name: 'Your mobile number', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Rehabit Demo Clinic · Step 1 of 3')).toBeInTheDocument();

    // Step 1: the number, checked before anything is sent.
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('Enter your mobile number')).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/send-otp')).toHaveLength(0);
    await app.user.type(screen.getByLabelText('Mobile number'), '(555) 123-4567');
    await app.user.click(screen.getByRole('button', { name: 'Text me a code' }));

    // Step 2: a wrong code says how many tries are left.
    expect(await screen.findByRole('heading', { name: 'Enter the code', level: 1 })).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/send-otp')[0]?.body).toEqual({
      phone: '+15551234567',
      clinic_code: 'DEMO01',
    });
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    await app.user.type(code, '12345');
    await app.user.click(screen.getByRole('button', { name: 'Check the code' }));
    expect(await screen.findByText('Enter the 6 digits of the code')).toBeInTheDocument();
    await app.user.type(code, '9');
    await app.user.click(screen.getByRole('button', { name: 'Check the code' }));
    expect(await screen.findByText('The code is not right. 4 tries left.')).toBeInTheDocument();
    await app.user.clear(code);
    await app.user.type(code, '123456');
    await app.user.click(screen.getByRole('button', { name: 'Check the code' }));

    // Step 3: who they are; a password needs an e-mail.
    expect(await screen.findByRole('heading', { name: 'About you', level: 1 })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter your date of birth')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/First name/), 'Rosa');
    await app.user.type(screen.getByLabelText(/Last name/), 'Diaz http://x.example');
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Use letters, spaces, apostrophes, hyphens and periods only')).toBeInTheDocument();
    await app.user.clear(screen.getByLabelText(/Last name/));
    await app.user.type(screen.getByLabelText(/Last name/), 'Diaz');
    await app.user.type(screen.getByLabelText('Month'), '2');
    await app.user.type(screen.getByLabelText('Day'), '30');
    await app.user.type(screen.getByLabelText('Year'), '1950');
    await app.user.type(screen.getByLabelText('Password (optional)'), 'a-long-password');
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This date does not exist')).toBeInTheDocument();
    expect(screen.getByText(/Add your e-mail to sign in with a password/)).toBeInTheDocument();
    await app.user.clear(screen.getByLabelText('Day'));
    await app.user.type(screen.getByLabelText('Day'), '28');
    await app.user.type(screen.getByLabelText('E-mail (optional)'), 'Rosa@Example.com');
    await app.user.click(screen.getByRole('button', { name: 'Register' }));

    // Step 4: done.
    expect(await screen.findByRole('heading', { name: 'You are registered', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your clinic will be in touch.')).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/qr-registration')[0]?.body).toEqual({
      first_name: 'Rosa',
      last_name: 'Diaz',
      birthday: '1950-02-28',
      email: 'rosa@example.com',
      password: 'a-long-password',
      phone: '5551234567',
      selected_code: '+1',
      clinic_code: 'DEMO01',
      verification_token: token,
    });
  });

  it('says when too many codes were asked for', async () => {
    fixtureApi({
      'GET /clinic/check_code': checkCode,
      'POST /clinic/patient/send-otp': problem(
        429,
        'rate_limited',
        'Too many codes were sent to this phone. Try again in 10 minutes.',
      ),
    });
    await askForCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes were sent to this phone');
  });

  it('sends a new code after the wait, and goes back to change the number', async () => {
    startResendClock();
    const api = fixtureApi(codeRoutes);
    const app = await askForCode();
    const resend = await screen.findByRole('button', { name: /Send a new code/ });
    passSeconds(RESEND_WAIT_SECONDS);
    await waitFor(() => expect(resend).toBeEnabled());
    await app.user.click(resend);
    expect(await screen.findByText(/A new code is on its way/)).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/send-otp')).toHaveLength(2);
    await app.user.click(screen.getByRole('button', { name: 'Change the number' }));
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('5551234567');
  });

  it('offers a new code only after the server’s one-minute pause, and says how long to wait when refused', async () => {
    startResendClock();
    const api = fixtureApi(codeRoutes);
    const app = await askForCode();
    const resend = await screen.findByRole('button', { name: 'Send a new code in 60 s' });
    passSeconds(30);
    await waitFor(() => expect(resend).toHaveAccessibleName('Send a new code in 30 s'));
    expect(resend).toBeDisabled();
    passSeconds(30);
    await waitFor(() => expect(resend).toBeEnabled());

    // Someone else had a code texted to the number meanwhile: the server's answer says how long to wait.
    api.set(
      'POST /clinic/patient/send-otp',
      problem(429, 'rate_limited', 'A code was sent to this phone a moment ago. Ask for a new one in 42 seconds.'),
    );
    await app.user.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ask for a new one in 42 seconds.');
  });

  it('asks for the clinic code when the link has none, and again, saying so, when nobody has the code', async () => {
    fixtureApi({ 'GET /clinic/check_code': checkCode });
    const app = renderApp('/patient/signup');
    const form = await screen.findByRole('form', { name: 'Your clinic' });
    await app.user.type(within(form).getByLabelText(/Clinic code/), 'nope99');
    await app.user.click(within(form).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location().search).toBe('?clinic=NOPE99'));
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not know the clinic code “NOPE99”');
    const again = screen.getByRole('form', { name: 'Your clinic' });
    await app.user.clear(within(again).getByLabelText(/Clinic code/));
    await app.user.type(within(again).getByLabelText(/Clinic code/), 'demo01');
    await app.user.click(within(again).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location().search).toBe('?clinic=DEMO01'));
    expect(await screen.findByRole('heading', { name: 'Your mobile number' })).toBeInTheDocument();
  });
});

describe('patient sign-up in Spanish', () => {
  beforeEach(() => changeLanguage('en'));

  it('switches to Español on the page and keeps every step, message and refusal in Spanish', async () => {
    const api = fixtureApi({
      ...codeRoutes,
      'POST /clinic/patient/qr-registration': problem(409, 'conflict', 'An account with this e-mail exists already', {
        email: ['An account with this e-mail exists already. Ask your clinic for help.'],
      }),
    });
    const app = renderApp('/patient/signup?clinic=DEMO01');
    await screen.findByRole('heading', { name: 'Your mobile number', level: 1 });
    const switcher = screen.getByRole('group', { name: 'Language' });
    await app.user.click(within(switcher).getByRole('button', { name: 'Español' }));

    // Step 1, in Spanish, the switch remembered on this phone.
    expect(await screen.findByRole('heading', { name: 'Su número de celular', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Rehabit Demo Clinic · Paso 1 de 3')).toBeInTheDocument();
    expect(within(switcher).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem('rehabit.patient_language')).toBe('es');
    await app.user.click(screen.getByRole('button', { name: 'Enviarme un código' }));
    expect(await screen.findByText('Escriba su número de celular')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Número de celular'), '5551234567');
    await app.user.click(screen.getByRole('button', { name: 'Enviarme un código' }));

    // Step 2: the server's English refusal becomes the Spanish sentence of its code.
    expect(await screen.findByRole('heading', { name: 'Escriba el código', level: 1 })).toBeInTheDocument();
    const code = screen.getByLabelText('Código de 6 dígitos');
    await app.user.type(code, '000000');
    await app.user.click(screen.getByRole('button', { name: 'Comprobar el código' }));
    expect(await screen.findByText(/Ese código no es correcto/)).toBeInTheDocument();
    expect(screen.queryByText(/The code is not right/)).not.toBeInTheDocument();
    await app.user.clear(code);
    await app.user.type(code, '123456');
    await app.user.click(screen.getByRole('button', { name: 'Comprobar el código' }));

    // Step 3: labels, the date's boxes and the form's refusals.
    expect(await screen.findByRole('heading', { name: 'Sus datos', level: 1 })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('Escriba su nombre')).toBeInTheDocument();
    expect(screen.getByText('Escriba su fecha de nacimiento')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Nombre/), 'Rosa');
    await app.user.type(screen.getByLabelText(/^Apellido/), 'Diaz');
    await app.user.type(screen.getByLabelText('Mes'), '2');
    await app.user.type(screen.getByLabelText('Día'), '30');
    await app.user.type(screen.getByLabelText('Año'), '1950');
    await app.user.type(screen.getByLabelText('Contraseña (opcional)'), 'a-long-password');
    await app.user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('Esta fecha no existe')).toBeInTheDocument();
    expect(screen.getByText(/Agregue su correo para entrar con contraseña/)).toBeInTheDocument();
    await app.user.clear(screen.getByLabelText('Día'));
    await app.user.type(screen.getByLabelText('Día'), '28');
    await app.user.type(screen.getByLabelText('Correo electrónico (opcional)'), 'rosa@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText(/Ya existe una cuenta con este correo/)).toBeInTheDocument();

    // Registered: the closing words are Spanish too, and no English was left on the way.
    api.set('POST /clinic/patient/qr-registration', registered);
    await app.user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByRole('heading', { name: 'Registro completo', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Su registro en Rehabit Demo Clinic está completo/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/You are registered|Your clinic will be in touch/);
  });

  it('asks for the clinic code in Spanish when the link has none', async () => {
    changeLanguage('es');
    fixtureApi({ 'GET /clinic/check_code': checkCode });
    renderApp('/patient/signup');
    const form = await screen.findByRole('form', { name: 'Su clínica' });
    expect(screen.getByRole('heading', { name: 'Registro de paciente', level: 1 })).toBeInTheDocument();
    expect(within(form).getByLabelText(/Código de la clínica/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
  });
});
