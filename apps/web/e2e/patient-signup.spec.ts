import { expect, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  expectAccessible,
  expectNoSidewaysScroll,
  latestSmsCode,
  signIn,
  snap,
  uniquePhone,
  uniqueWord,
} from './support.ts';

test('a patient registers from the clinic’s QR code on a phone and appears on the staff list', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients sign up on their phones');
  const phone = uniquePhone();
  const lastName = `Rivera${uniqueWord()}`;

  await page.goto(`/patient/signup?clinic=${demo.clinicCode}`);
  await expect(page.getByRole('heading', { name: 'Your mobile number', level: 1 })).toBeVisible();
  await expect(page.getByText('Rehabit Demo Clinic · Step 1 of 3')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'signup-phone');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();

  await expect(page.getByRole('heading', { name: 'Enter the code', level: 1 })).toBeVisible();
  const code = await latestSmsCode(page, `+1${phone}`);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Check the code' }).click();
  await expect(page.getByText(/The code is not right\. 4 tries left\./)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'signup-code');
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Check the code' }).click();

  await expect(page.getByRole('heading', { name: 'About you', level: 1 })).toBeVisible();
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Month').fill('2');
  await page.getByLabel('Day').fill('28');
  await page.getByLabel('Year').fill('1950');
  await expectAccessible(page);
  await snap(page, 'signup-details');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { name: 'You are registered', level: 1 })).toBeVisible();
  await expect(page.getByText('Your clinic will be in touch.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'signup-done');

  // The clinic sees the new patient, registered and waiting to be onboarded.
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(lastName);
  const card = page.getByRole('list', { name: 'Patients' }).getByRole('listitem').filter({ hasText: lastName });
  await expect(card).toContainText(`Rosa ${lastName}`);
  await expect(card).toContainText('Registered');
});

test('the smallest phones (360 px) get the sign-up in one column', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/patient/signup?clinic=${demo.clinicCode}`);
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  const fontSize = await page
    .getByRole('textbox', { name: 'Mobile number' })
    .evaluate((input) => getComputedStyle(input).fontSize);
  expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(18);
  const button = await page.getByRole('button', { name: 'Text me a code' }).boundingBox();
  expect(button?.height).toBeGreaterThanOrEqual(48);
  await expectNoSidewaysScroll(page);
  await snap(page, 'signup-phone');
});

test('a sign-up link with an unknown clinic says so, and a link without one asks for the code', async ({ page }) => {
  await page.goto('/patient/signup?clinic=NOPE99');
  await expect(page.getByRole('alert')).toContainText('We do not know the clinic code “NOPE99”');
  await expectAccessible(page);
  await page.goto('/patient/signup');
  await page.getByLabel(/Clinic code/).fill('demo01');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/patient\/signup\?clinic=DEMO01$/);
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  await expectAccessible(page);
});

test('the sign-up speaks Spanish once the patient picks Español, and remembers it', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'patients sign up on their phones');
  await page.goto(`/patient/signup?clinic=${demo.clinicCode}`);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Su número de celular', level: 1 })).toBeVisible();
  await expect(page.getByText('Rehabit Demo Clinic · Paso 1 de 3')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Enviarme un código' }).click();
  await expect(page.getByText('Escriba su número de celular')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'signup-phone-es');

  // Without a clinic in the link the code is asked for, in the language chosen before.
  await page.goto('/patient/signup');
  await expect(page.getByRole('heading', { name: 'Registro de paciente', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/Código de la clínica/)).toBeVisible();
  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Patient sign-up', level: 1 })).toBeVisible();
  await snap(page, 'signup-clinic-en');
});

test('the sign-in’s two ways fit on one line each on a 390 px phone, in English and in Spanish', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients sign in on their phones');
  // The lines a button's text takes: one box per line.
  const lines = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    });
  await page.goto('/patient/login');
  expect([await lines('With my phone'), await lines('With e-mail')]).toEqual([1, 1]);
  await page.getByRole('button', { name: 'Español' }).click();
  expect([await lines('Con mi teléfono'), await lines('Con correo')]).toEqual([1, 1]);
  await expectNoSidewaysScroll(page);
  // On a 360 px phone a label may wrap, but the card keeps within the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  const card = await page.getByRole('button', { name: 'Con correo', exact: true }).boundingBox();
  expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(360 - 16);
});
