import { expect, test } from '@playwright/test';
import { closeInitialNote, demo, expectAccessible, signIn, snap } from './support.ts';

const publicScreens = [
  { path: '/login', heading: 'Sign in' },
  { path: '/therapist-signup', heading: 'Create a staff account' },
  { path: '/find-password', heading: 'Forgot your password?' },
  { path: '/reset-password?uid=1&token=abc', heading: 'Choose a new password' },
  { path: '/supervisor-login', heading: 'Supervisor sign in' },
  { path: '/patient/signup', heading: 'Patient sign-up' },
];

for (const screen of publicScreens) {
  test(`public screen ${screen.path} has no serious accessibility problem`, async ({ page }) => {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}

test('form errors are accessible too', async ({ page }) => {
  await page.goto('/therapist-signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Choose a role')).toBeVisible();
  await expectAccessible(page);
});

test('the signed-in frame: navigation, chat panel, bottom menu', async ({ page, isMobile }) => {
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await expectAccessible(page);
  await closeInitialNote(page);
  await expectAccessible(page);
  if (isMobile) {
    const bottomMenu = page.getByRole('navigation', { name: 'Main' });
    await expect(bottomMenu.getByRole('link')).toHaveCount(4);
    await bottomMenu.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await snap(page, 'mobile-menu');
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /Exercise library/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Exercise library', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await snap(page, 'exercise-library');
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
    await snap(page, 'chat');
  } else {
    await page.getByRole('button', { name: 'Chat' }).click();
    await expect(page.getByRole('complementary', { name: 'Chat' })).toBeVisible();
    await snap(page, 'chat-panel');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('complementary', { name: 'Chat' })).toBeHidden();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Your patients', level: 1 })).toBeVisible();
    await snap(page, 'dashboard');
  }
  await page.goto('/patients');
  await closeInitialNote(page);
  await page.locator('.patient-link').first().click();
  await expect(page.getByRole('region', { name: 'Patient details' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'patient-dashboard-demo');
});

test('the smallest phones (360 px) and keyboard focus', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/therapist-signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await snap(page, 'signup-errors');
  const hasOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasOverflow).toBe(false);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  // Skip link, brand, then the first field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await snap(page, 'login-focus');

  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await snap(page, 'patients');
});
