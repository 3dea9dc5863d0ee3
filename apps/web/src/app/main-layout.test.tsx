import type { CurrentUser } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_PATH_KEY } from '../lib/storage.ts';
import { useUiStore } from '../lib/ui-store.ts';
import { fixtureApi } from '../testing/fixture-api.ts';
import { makePatient, signedInRoutes, therapist, userPage } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';

const as = (changes: Partial<CurrentUser>): CurrentUser => ({ ...therapist, ...changes });

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const setWidth = (width: number) => {
  window.innerWidth = width;
};

afterEach(() => {
  setWidth(1024);
  useChatPanelStore.setState({ isChatPanelOpen: false, chatRoom: null });
  useUiStore.setState({ isMobileMenuOpen: false });
});

describe('main layout', () => {
  it.each([
    ['therapist', ['Patients', 'Dashboard', 'Exercise library', 'Chat', 'Tasks', 'Balances', 'Referral', 'Therapists']],
    ['manager', ['Patients', 'Dashboard', 'Exercise library', 'Chat', 'Tasks', 'Balances', 'Referral', 'Therapists']],
    [
      'supervisor',
      [
        'Patients',
        'Dashboard',
        'Exercise library',
        'Chat',
        'Tasks',
        'Balances',
        'Therapists',
        'Clinic settings',
        'Audit log',
      ],
    ],
    [
      'admin',
      [
        'Patients',
        'Exercise library',
        'Chat',
        'Balances',
        'Therapists',
        'Clinics',
        'Clinic settings',
        'Audit log',
        'Video requests',
        'Announcements',
      ],
    ],
  ] as const)('shows a %s the entries of the role', async (role, labels) => {
    fixtureApi(signedInRoutes(as({ role })));
    renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(navLabels()).toEqual(labels);
  });

  it('shows the clinic, the user menu, and marks the current page', async () => {
    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/12/': { body: makePatient({ id: 12 }) } });
    renderApp('/patient/12/dashboard', { token: 't' });
    await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 });
    expect(screen.getByRole('banner')).toHaveTextContent('Demo Physical Therapy');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Patients' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Tara Nguyen, account menu' })).toBeInTheDocument();
  });

  it("puts the round '1' on balances while a new billing file waits, and 'New' pills while notices are on", async () => {
    fixtureApi(signedInRoutes(as({ is_new_billing_uploaded: true, is_feature_notification_on: true })));
    renderApp('/balances', { token: 't' });
    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Balances/ })).toContainElement(screen.getByTestId('round-badge'));
    expect(within(nav).getByRole('link', { name: /Referral/ })).toHaveTextContent('New');
  });

  it('shows no badge or pill when the flags are off', async () => {
    fixtureApi(signedInRoutes());
    renderApp('/balances', { token: 't' });
    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    expect(screen.queryByTestId('round-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('new-pill')).not.toBeInTheDocument();
  });

  it('warns restricted demo accounts', async () => {
    fixtureApi(signedInRoutes(as({ code: 'X5218' })));
    renderApp('/patients', { token: 't' });
    expect(await screen.findByRole('note')).toHaveTextContent('Demo account');
  });

  it('tells a platform admin on every screen that e-mail and texts reach nobody', async () => {
    const warnings = ['E-mail is not delivered: no SMTP server is configured (SMTP_URL).'];
    fixtureApi({
      ...signedInRoutes(as({ role: 'admin' })),
      'GET /admin/delivery-status': { body: { email: 'outbox', sms: 'webhook', is_demo: false, warnings } },
    });
    renderApp('/patients', { token: 't' });
    expect(await screen.findByRole('alert')).toHaveTextContent(warnings[0]!);
  });

  it('asks nobody but admins about delivery, and shows nothing once it is configured', async () => {
    const api = fixtureApi(signedInRoutes());
    renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(api.calls('GET /admin/delivery-status')).toHaveLength(0);

    const admin = fixtureApi({
      ...signedInRoutes(as({ role: 'admin' })),
      'GET /admin/delivery-status': { body: { email: 'smtp', sms: 'webhook', is_demo: false, warnings: [] } },
    });
    renderApp('/patients', { token: 't' });
    await waitFor(() => expect(admin.calls('GET /admin/delivery-status')).toHaveLength(1));
    expect(screen.queryByText(/not delivered/)).not.toBeInTheDocument();
  });

  it('opens and closes the desktop chat panel from the rail', async () => {
    fixtureApi(signedInRoutes());
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    const chat = screen.getByRole('button', { name: 'Chat' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    await app.user.click(chat);
    expect(chat).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'Chat' })).toBeVisible();
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('gives phones a bottom menu of five entries, hidden on the exercise screens', async () => {
    setWidth(390);
    fixtureApi(signedInRoutes());
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    const bottom = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(bottom)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Patients', 'Dashboard', 'Chat', 'Library', 'More']);
    await app.user.click(within(bottom).getByRole('button', { name: 'More' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await app.user.click(within(menu).getByRole('link', { name: 'Exercise library' }));
    await screen.findByRole('heading', { name: 'Exercise library', level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    for (const path of ['/exercise-upload', '/exercise-edit/4']) {
      await app.router.navigate(path);
      await screen.findByRole('heading', {
        name: path === '/exercise-upload' ? 'Upload video' : 'Edit video',
        level: 1,
      });
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    }
    await app.router.navigate('/chat');
    await screen.findByRole('heading', { name: 'Chat', level: 1 });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('signs out: revokes on the server, forgets the token and all cached data', async () => {
    const api = fixtureApi(signedInRoutes());
    const app = renderApp('/balances', { token: 'live-token' });
    await screen.findByRole('heading', { name: 'Balances', level: 1 });
    await app.user.click(screen.getByRole('button', { name: /account menu/ }));
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(app.location().pathname).toBe('/login');
    const [logout] = api.calls('POST /clinic/therapist/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer live-token');
    expect(window.localStorage.getItem('rehabit.access_token')).toBeNull();
    // Signing out on purpose does not bring the next person back to this page.
    expect(window.sessionStorage.getItem(REDIRECT_PATH_KEY)).toBeNull();

    // Nothing of the previous session is reused: a new sign-in loads the user afresh.
    api.set('POST /clinic/therapist/signin', { body: { token: 'next' } });
    await app.user.type(screen.getByLabelText(/E-mail/), 'therapist@example.com');
    await app.user.type(screen.getByLabelText(/Password/), 'rehabit-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    await waitFor(() => expect(api.calls('GET /api/v1/users/')).toHaveLength(2));
  });

  it('signs out locally even when the server cannot be reached', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'POST /clinic/therapist/logout': { status: 503, body: {} } });
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    await app.user.click(screen.getByRole('button', { name: /account menu/ }));
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(api.calls('POST /clinic/therapist/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('rehabit.access_token')).toBeNull();
  });
});

describe('initial note', () => {
  it('shows the clinic note on the patient list until dismissed', async () => {
    // Within 30 days of the dashboard's release, its entry carries the pill.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T12:00:00Z') });
    let isNoticeOn = true;
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/users/': () => ({ body: userPage(as({ is_feature_notification_on: isNoticeOn })) }),
      'GET /user/settings-info': { body: { support_user_id: 1, initial_note: 'Billing closes on the 3rd.' } },
      'PATCH /user/therapist/cancel-feature-notification': () => {
        isNoticeOn = false;
        return { body: { user: as({ is_feature_notification_on: false }) } };
      },
    });
    const app = renderApp('/patients', { token: 't' });
    const note = await screen.findByRole('dialog', { name: "What's new in Rehabit" });
    expect(note).toHaveTextContent('Billing closes on the 3rd.');
    expect(screen.getAllByTestId('new-pill').length).toBeGreaterThan(0);
    await app.user.click(within(note).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('PATCH /user/therapist/cancel-feature-notification')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('new-pill')).not.toBeInTheDocument());
  });

  it('stays away without a note', async () => {
    fixtureApi(signedInRoutes(as({ is_feature_notification_on: true })));
    renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('"New" pills', () => {
  const noticeRoutes = (isOn: () => boolean, onCancel: () => void) => ({
    ...signedInRoutes(),
    'GET /api/v1/users/': () => ({ body: userPage(as({ is_feature_notification_on: isOn() })) }),
    'PATCH /user/therapist/cancel-feature-notification': () => {
      onCancel();
      return { body: { user: as({ is_feature_notification_on: false }) } };
    },
  });

  it('marks the entries of features released in the last 30 days, until marked seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-20T12:00:00Z') });
    let isOn = true;
    const api = fixtureApi(
      noticeRoutes(
        () => isOn,
        () => (isOn = false),
      ),
    );
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // Balances (released Nov 25) is 25 days old; dashboard and referral (Nov 27) 23 days.
    const marked = within(nav)
      .getAllByTestId('new-pill')
      .map((pill) => pill.closest('a')?.textContent?.replace('New', '').trim());
    expect(marked).toEqual(['Dashboard', 'Balances', 'Referral']);
    await app.user.click(within(nav).getByRole('button', { name: /Mark “New” as seen/ }));
    await waitFor(() => expect(within(nav).queryByTestId('new-pill')).not.toBeInTheDocument());
    expect(api.calls('PATCH /user/therapist/cancel-feature-notification')).toHaveLength(1);
    expect(within(nav).queryByRole('button', { name: /Mark “New” as seen/ })).not.toBeInTheDocument();
  });

  it('shows no pill once a release is 30 days old', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-05T12:00:00Z') });
    fixtureApi(
      noticeRoutes(
        () => true,
        () => undefined,
      ),
    );
    renderApp('/patients', { token: 't' });
    await screen.findByRole('heading', { name: 'Patients', level: 1 });
    expect(screen.queryByTestId('new-pill')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark “New” as seen/ })).not.toBeInTheDocument();
  });
});
