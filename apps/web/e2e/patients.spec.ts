import { expect, type Page, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  demoCallStart,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTableInItsFrame,
  expectToastClearOfMenu,
  forgetSession,
  signIn,
  snap,
  uniquePhone,
  uniqueWord,
} from './support.ts';

/** Signs in on a fresh session and opens the patient list, past the clinic's note. */
async function openPatients(page: Page, account: { email: string; password: string }) {
  await forgetSession(page);
  await signIn(page, account.email, account.password);
  await closeInitialNote(page);
}

/** Finds a patient by name on the list and opens their dashboard. */
async function openPatient(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toBeVisible();
}

const header = (page: Page) => page.getByRole('region', { name: 'Patient details' });

test('a patient goes from registration to onboarding, a call, discharge, re-onboarding and removal', async ({
  page,
  isMobile,
}) => {
  const lastName = `Quill${uniqueWord()}`;
  const name = `Ada ${lastName}`;

  // The office manager registers the patient.
  await page.goto('/login');
  await openPatients(page, demo.manager);
  await expect(
    page.getByRole('table', { name: 'Patients' }).or(page.getByRole('list', { name: 'Patients' })),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'patient-list');
  await page.getByRole('button', { name: 'Register patient' }).click();
  const form = page.getByRole('dialog', { name: 'Register a patient' });
  await form.getByRole('button', { name: 'Register patient' }).click();
  await expect(form.getByText('Enter the first name')).toBeVisible();
  await snap(page, 'register-errors');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Birthday').fill('03/04/1956');
  await form.getByLabel('Birthday').press('Tab');
  await form.getByLabel('Mobile phone').fill(uniquePhone());
  await form.getByRole('checkbox', { name: "The patient's payer covers RTM" }).check();
  await snap(page, 'register-form');
  await form.getByRole('button', { name: 'Register patient' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toContainText('Registered');
  await expect(header(page)).toContainText('Mar 4, 1956');

  // The therapist onboards them with a diagnosis found by words.
  await openPatients(page, demo.therapist);
  await openPatient(page, name);
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Onboard' }).click();
  const onboard = page.getByRole('dialog', { name: `Onboard ${name}` });
  await onboard.getByRole('combobox', { name: /Diagnosis/ }).fill('low back');
  // The low back pain codes lead the answers.
  await expect(onboard.getByRole('option').first()).toContainText(/M54\.5/);
  const lowBackPain = onboard.getByRole('option', { name: /M54\.50 Low back pain, unspecified/ });
  await snap(page, 'onboard-dialog');
  await lowBackPain.click();
  await expect(onboard.getByRole('combobox', { name: /Therapist/ })).toHaveText(/Taylor Reed/);
  await onboard.getByRole('button', { name: 'Onboard' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toContainText('Onboarded');
  await expect(header(page)).toContainText('M54.50');
  await expect(header(page)).toContainText('Taylor Reed');

  // A call goes into the interaction log.
  const log = page.getByRole('form', { name: 'Log a call' });
  // When it began, on the clinic's clock: a time that has not come yet is refused beside the start time.
  await log.getByLabel('Start time').fill('23:59');
  await log.getByLabel('Minutes').fill('12');
  await log.getByRole('button', { name: 'Log call' }).click();
  await expect(log.getByText(/cannot start later than now|ends by midnight/)).toBeVisible();
  await log.getByLabel('Start time').fill(demoCallStart(isMobile ? 1 : 0));
  await log.getByLabel('Notes').fill('Went through the bridge and clamshell; pain 3 of 10.');
  await log.getByRole('button', { name: 'Log call' }).click();
  await expectToastClearOfMenu(page, 'The call is logged');
  await expect(page.getByRole('status').filter({ hasText: 'The call is logged' })).toHaveCount(1);
  const calls = page.getByRole('list', { name: 'Logged calls' });
  await expect(calls).toContainText('12 min');
  await expect(calls).toContainText('Logged by Taylor Reed');
  await expectAccessible(page);
  await snap(page, 'patient-dashboard');

  // Discharge, then re-onboard.
  await page.getByRole('button', { name: 'Discharge' }).click();
  await page
    .getByRole('dialog', { name: `Discharge ${name}?` })
    .getByRole('button', { name: 'Discharge' })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toContainText('Discharged');
  await page.getByRole('button', { name: 'Re-onboard' }).click();
  await page
    .getByRole('dialog', { name: `Re-onboard ${name}?` })
    .getByRole('button', { name: 'Re-onboard' })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toContainText('Onboarded');

  // The office manager removes them: they leave the list.
  await openPatients(page, demo.manager);
  await openPatient(page, name);
  await page.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${name}?` });
  await snap(page, 'remove-dialog');
  await remove.getByRole('button', { name: 'Remove patient' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(name);
  await expect(page.getByRole('region', { name: 'No patients match' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the list searches, filters by status and pages through the demo patients', async ({ page, isMobile }) => {
  await page.goto('/login');
  await openPatients(page, demo.therapist);
  if (!isMobile) {
    // Beside the menu at 1280 px the whole row is in view without scrolling the table: the treating therapist, the
    // RTM switch and the actions menu.
    const table = page.getByRole('table', { name: 'Patients' });
    const frame = table.locator('xpath=..');
    const frameBox = (await frame.boundingBox())!;
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('switch') })
      .first();
    for (const part of [
      table.getByRole('columnheader', { name: 'Therapist' }),
      row.getByRole('switch', { name: /RTM coverage/ }),
      row.getByRole('button', { name: /Actions for/ }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width, `${part} inside the table's frame`).toBeLessThanOrEqual(frameBox.x + frameBox.width);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await expectTableInItsFrame(table);
  }
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Discharged' }).click();
  await expect(page).toHaveURL(/status=discharged/);
  const rows = page.getByRole('table', { name: 'Patients' }).or(page.getByRole('list', { name: 'Patients' }));
  await expect(rows).toContainText('Discharged');
  await expect(rows).not.toContainText('Registered');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  const pages = page.getByRole('navigation', { name: 'Patient list pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);
  await snap(page, 'patient-list-page-2');
});

test('the clinic prints its QR sign-up card', async ({ page }) => {
  await page.goto('/login');
  await openPatients(page, demo.manager);
  await page.getByRole('button', { name: 'QR sign-up' }).click();
  const card = page.getByRole('dialog', { name: 'QR sign-up for patients' });
  await expect(card.getByRole('img', { name: /QR code that opens .*\/patient\/signup\?clinic=DEMO01/ })).toBeVisible();
  await expect(card).toContainText('Rehabit Demo Clinic');
  await snap(page, 'qr-card');
  await page.emulateMedia({ media: 'print' });
  // Printed, the card is all there is: the app frame behind the dialog is gone.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(card.getByRole('img')).toBeVisible();
  await snap(page, 'qr-card-print');
  await page.emulateMedia({ media: 'screen' });
});
