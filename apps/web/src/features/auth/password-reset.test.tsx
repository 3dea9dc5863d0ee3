import { screen } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

describe('find password', () => {
  it('asks for a link and tells the person to check their e-mail', async () => {
    const api = fixtureApi({
      'POST /clinic/therapist/reset-password': {
        status: 202,
        body: { detail: 'If an account exists, a link is on its way.' },
      },
    });
    const app = renderApp('/find-password');
    await app.user.type(await screen.findByLabelText(/E-mail/), 'someone@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    expect(screen.getByText('If an account exists, a link is on its way.')).toBeInTheDocument();
    expect(api.calls('POST /clinic/therapist/reset-password')[0]?.body).toEqual({ email: 'someone@example.com' });
  });

  it('shows a rate limit next to the form', async () => {
    fixtureApi({
      'POST /clinic/therapist/reset-password': problem(429, 'rate_limited', 'Too many requests, wait a minute.'),
    });
    const app = renderApp('/find-password');
    await app.user.type(await screen.findByLabelText(/E-mail/), 'someone@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, wait a minute.');
  });
});

describe('reset password', () => {
  const fill = async (app: ReturnType<typeof renderApp>, first: string, second = first) => {
    await app.user.type(await screen.findByLabelText(/^New password( \*)?$/), first);
    await app.user.type(screen.getByLabelText(/New password again/), second);
    await app.user.click(screen.getByRole('button', { name: 'Save new password' }));
  };

  it('reads uid and token from the link and sets the new password', async () => {
    const api = fixtureApi({ 'POST /clinic/therapist/reset-password-confirm': { body: { user: therapist } } });
    const app = renderApp('/reset-password?uid=12&token=tok-abc');
    await fill(app, 'brand-new-pass');
    expect(await screen.findByRole('heading', { name: 'Your password is changed' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in with your new password, Tara/)).toBeInTheDocument();
    expect(api.calls('POST /clinic/therapist/reset-password-confirm')[0]?.body).toEqual({
      uid: '12',
      token: 'tok-abc',
      password: 'brand-new-pass',
    });
  });

  it('wants the same password twice', async () => {
    const api = fixtureApi({});
    const app = renderApp('/reset-password?uid=12&token=tok');
    await fill(app, 'brand-new-pass', 'brand-new-pasS');
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('explains an expired or used link and offers a new one', async () => {
    fixtureApi({
      'POST /clinic/therapist/reset-password-confirm': problem(400, 'invalid_token', 'This reset link is invalid'),
    });
    const app = renderApp('/reset-password?uid=12&token=old');
    await fill(app, 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/find-password');
  });

  it('says when the link is incomplete', async () => {
    fixtureApi({});
    renderApp('/reset-password?uid=12');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
