import { expect, test } from '@playwright/test';
import { approvedStaff, closeInitialNote, demo, latestEmailTo, signIn, snap, submitSignin } from './support.ts';

// The sign-in forms are the same at every width; the screens journey checks them on the smallest phones.
test.skip(({ isMobile }) => isMobile, 'the sign-in flows run once, on the desktop layout');

test('a therapist signs in and lands on the patient list', async ({ page }) => {
  await page.goto('/login');
  await snap(page, 'login');
  await submitSignin(page, demo.therapist.email, demo.therapist.password);
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
  await expect(page.getByText('Rehabit Demo Clinic')).toBeVisible();
  await expect(page.evaluate(() => localStorage.getItem('rehabit.access_token'))).resolves.toBeTruthy();
  await expect(page.getByRole('dialog', { name: "What's new in Rehabit" })).toBeVisible();
  await snap(page, 'initial-note');
  await closeInitialNote(page);
  await snap(page, 'patients');
});

test('a wrong password gets a clear message', async ({ page }) => {
  await page.goto('/login');
  await submitSignin(page, demo.therapist.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('e-mail or password is not right');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected address opened signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/balances');
  await expect(page).toHaveURL(/\/login$/);
  await submitSignin(page, demo.therapist.email, demo.therapist.password);
  await expect(page).toHaveURL(/\/balances$/);
  await expect(page.getByRole('heading', { name: 'Balances', level: 1 })).toBeVisible();
  await snap(page, 'balances');
});

test('sign-up checks the clinic code and ends waiting for approval', async ({ page }, testInfo) => {
  const email = `new.staff.${testInfo.project.name}.${Date.now()}@example.com`;
  await page.goto('/therapist-signup');
  const code = page.getByLabel('Clinic code');
  await code.fill('WRONG1');
  await expect(page.getByText('No clinic uses this code')).toBeVisible();
  await code.fill(demo.clinicCode);
  await expect(page.getByText('Rehabit Demo Clinic')).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Field');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Office Manager' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-long-new-password');
  await snap(page, 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await snap(page, 'signup-pending');

  // The account exists but cannot sign in before approval.
  await page.goto('/login');
  await submitSignin(page, email, 'a-long-new-password');
  await expect(page.getByRole('alert')).toContainText('waiting for approval');
});

test('a password is reset through the e-mailed link', async ({ page }, testInfo) => {
  const newPassword = `fresh-${testInfo.project.name}-${Date.now()}`;
  // An account of its own: the demo accounts keep their passwords for the other journeys.
  const account = await approvedStaff(page.request, 'manager');
  await page.goto('/find-password');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await snap(page, 'find-password-sent');

  const mail = await latestEmailTo(page, account.email);
  const link = mail.body.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link, 'reset link in the e-mail').toBeTruthy();
  const url = new URL(link!.replace(/[).,]+$/, ''));
  expect(url.searchParams.get('uid')).toBeTruthy();
  expect(url.searchParams.get('token')).toBeTruthy();

  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'New password again' }).fill(newPassword);
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();

  // The link works once.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`${newPassword}-2`);
  await page.getByRole('textbox', { name: 'New password again' }).fill(`${newPassword}-2`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');

  await signIn(page, account.email, newPassword);
});

test('signing out forgets the token', async ({ page }) => {
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.getByRole('button', { name: /account menu/ }).click();
  await snap(page, 'user-menu');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('rehabit.access_token'))).toBeNull();

  // The session is gone: protected screens ask for sign-in again.
  await page.goto('/patients');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown address shows not-found', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'We could not find this page' })).toBeVisible();
  await snap(page, 'not-found');
});

test('a supervisor signs in with the clinic code', async ({ page }) => {
  await page.goto('/supervisor-login');
  await page.getByLabel('Clinic code').fill(demo.supervisor.code);
  await page.getByLabel('Supervisor password').fill(demo.supervisor.password);
  await snap(page, 'supervisor-login');
  await page.getByRole('button', { name: 'Sign in as supervisor' }).click();
  await expect(page).toHaveURL(/\/therapist-list$/);
  await expect(page.getByRole('heading', { name: 'Therapists', level: 1 })).toBeVisible();
  await snap(page, 'therapist-list');
});

test('a restricted demo account sees the demo banner', async ({ page }) => {
  await signIn(page, demo.restricted.email, demo.restricted.password);
  await closeInitialNote(page);
  await expect(page.getByRole('note')).toContainText('Demo account');
  await snap(page, 'restricted');
});
