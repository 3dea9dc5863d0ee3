import { screen, within } from '@testing-library/react';
import { fixtureApi, problem, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const checkCode = ({ url }: RecordedRequest) =>
  url.searchParams.get('code') === 'DEMO01'
    ? { body: { valid: true, clinic_name: 'Demo Physical Therapy' } }
    : { body: { valid: false, clinic_name: null } };

async function fillForm(app: ReturnType<typeof renderApp>, code: string) {
  await app.user.type(await screen.findByLabelText(/Clinic code/), code);
  await app.user.type(screen.getByLabelText(/First name/), 'Nora');
  await app.user.type(screen.getByLabelText(/Last name/), 'Field');
  await app.user.click(screen.getByRole('combobox', { name: /Role/ }));
  await app.user.click(screen.getByRole('option', { name: 'Staff Therapist' }));
  await app.user.type(screen.getByLabelText(/E-mail/), 'Nora@Example.com');
  await app.user.type(screen.getByLabelText(/Password/), 'long-enough-1');
}

describe('therapist sign-up', () => {
  it('checks the clinic code once typing pauses, then waits for approval', async () => {
    const api = fixtureApi({
      'GET /clinic/check_code': checkCode,
      'POST /clinic/therapist/signup': {
        status: 201,
        body: { detail: 'Your account is waiting for approval.', status: 'pending' },
      },
    });
    const app = renderApp('/therapist-signup');
    const code = await screen.findByLabelText(/Clinic code/);
    await app.user.type(code, 'wrong1');
    expect(await screen.findByText(/No clinic uses this code/)).toBeInTheDocument();
    // One check for the whole word, not one per key.
    expect(api.calls('GET /clinic/check_code').map((r) => r.url.searchParams.get('code'))).toEqual(['WRONG1']);

    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Choose a role')).toBeInTheDocument();
    expect(api.calls('POST /clinic/therapist/signup')).toHaveLength(0);

    await app.user.clear(code);
    await fillForm(app, 'DEMO01');
    expect(await screen.findByText('Demo Physical Therapy')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(screen.getByText('Your account is waiting for approval.')).toBeInTheDocument();
    expect(api.calls('POST /clinic/therapist/signup')[0]?.body).toEqual({
      email: 'nora@example.com',
      password: 'long-enough-1',
      first_name: 'Nora',
      last_name: 'Field',
      role: 'therapist',
      code: 'DEMO01',
    });
  });

  it('refuses to send a code the check found unknown', async () => {
    const api = fixtureApi({ 'GET /clinic/check_code': checkCode });
    const app = renderApp('/therapist-signup');
    await fillForm(app, 'NOPE99');
    await screen.findByText(/No clinic uses this code/);
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/Clinic code/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /clinic/therapist/signup')).toHaveLength(0);
  });

  it('puts the server’s 409 and 400 field messages on the fields', async () => {
    const api = fixtureApi({
      'GET /clinic/check_code': checkCode,
      'POST /clinic/therapist/signup': problem(409, 'conflict', 'An account with this e-mail already exists', {
        email: ['An account with this e-mail already exists'],
      }),
    });
    const app = renderApp('/therapist-signup');
    await fillForm(app, 'DEMO01');
    await screen.findByText('Demo Physical Therapy');
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText(/E-mail/);
    expect(await screen.findByText('An account with this e-mail already exists')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    api.set(
      'POST /clinic/therapist/signup',
      problem(400, 'weak_password', 'Choose a stronger password', { password: ['This password is too common'] }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
  });

  it('says so when the code cannot be checked', async () => {
    fixtureApi({ 'GET /clinic/check_code': problem(500, 'internal_error') });
    const app = renderApp('/therapist-signup');
    await app.user.type(await screen.findByLabelText(/Clinic code/), 'DEMO01');
    const field = screen.getByLabelText(/Clinic code/).closest('.field') as HTMLElement;
    // One retry after a second, then the field says it could not check.
    expect(
      await within(field).findByText('The code could not be checked right now.', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('fills in the clinic of a colleague’s invitation and sends its referral code', async () => {
    const api = fixtureApi({
      'GET /clinic/check_code': checkCode,
      'POST /clinic/therapist/signup': { status: 201, body: { detail: 'Waiting.', status: 'pending' } },
    });
    const app = renderApp('/therapist-signup?referral=abc123&code=DEMO01');
    expect(await screen.findByText(/A colleague invited you/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Clinic code/)).toHaveValue('DEMO01');
    expect(screen.getByRole('link', { name: 'sign up without the invitation' })).toHaveAttribute(
      'href',
      '/therapist-signup',
    );
    expect(await screen.findByText('Demo Physical Therapy')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/First name/), 'Nora');
    await app.user.type(screen.getByLabelText(/Last name/), 'Field');
    await app.user.click(screen.getByRole('combobox', { name: /Role/ }));
    await app.user.click(screen.getByRole('option', { name: 'Staff Therapist' }));
    await app.user.type(screen.getByLabelText(/E-mail/), 'nora@example.com');
    await app.user.type(screen.getByLabelText(/Password/), 'long-enough-1');
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(api.calls('POST /clinic/therapist/signup')[0]?.body).toMatchObject({ code: 'DEMO01', referral: 'abc123' });
  });
});
