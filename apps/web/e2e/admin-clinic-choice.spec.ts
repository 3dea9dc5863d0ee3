import { expect, type Page, test } from '@playwright/test';
import {
  closeNoteIfShown,
  demo,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTableInItsFrame,
  signIn,
  snap,
  uniquePhone,
  uniqueWord,
} from './support.ts';

// The platform admin's choice of clinic (decision 1150) on the patient and staff lists, named in the header; the
// patient list's registration and QR sign-up work in the chosen clinic (decision 1152).

const admin = demo.admin;
const other = 'Other Physical Therapy';

async function choose(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Clinic' }).click();
  await page.getByRole('option', { name: option }).click();
}

test('the admin reads every clinic or one, the header says which, and the choice is kept', async ({
  page,
  isMobile,
}) => {
  await signIn(page, admin.email, admin.password);
  await closeNoteIfShown(page);
  const header = page.getByRole('banner');
  const patients = isMobile
    ? page.getByRole('list', { name: 'Patients' })
    : page.getByRole('table', { name: 'Patients' });
  // A fact of a card, a line under the patient's name in the table: each row says its clinic.
  const clinicLabel = isMobile
    ? patients.getByText('Clinic', { exact: true })
    : patients.getByText(/^Clinic: [A-Z0-9]+ · .+$/);

  // Every clinic: the header says so and each patient names their clinic.
  await expect(header).toContainText('All clinics');
  await expect(header).not.toContainText('Rehabit Demo Clinic');
  await expect(clinicLabel.first()).toBeVisible();
  await expect(patients).toContainText('DEMO01');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  // With the clinic on each row, the table still fits beside the menu at 1280 px.
  if (!isMobile) await expectTableInItsFrame(patients);
  await snap(page, 'admin-patients-all-clinics');

  // One clinic: asked of the server, named in the header and the address, not on each row.
  await choose(page, `${other} (OTHER1)`);
  await expect(page).toHaveURL(/\/patients\?clinic=OTHER1$/);
  await expect(header).toContainText(other);
  await expect(patients).not.toContainText('DEMO01');
  await expect(clinicLabel).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Clinic' })).toHaveText(`${other} (OTHER1)`);
  await snap(page, 'admin-patients-one-clinic');

  // Another screen, opened without the choice in its address (and the page loaded anew), keeps it.
  await page.goto('/therapist-list');
  await expect(page).toHaveURL(/\/therapist-list\?clinic=OTHER1$/);
  await expect(header).toContainText(other);
  const directory = page.getByRole('region', { name: 'Clinic staff' });
  await expect(directory).toContainText('other@example.com');
  await expect(directory).not.toContainText('therapist@example.com');
  await expectAccessible(page);

  // Back to every clinic: each staff member names their clinic.
  await choose(page, 'All clinics');
  await expect(page).toHaveURL(/\/therapist-list$/);
  await expect(header).toContainText('All clinics');
  await directory.getByRole('searchbox', { name: 'Search staff' }).fill('other@example.com');
  const clinicShown = isMobile
    ? directory.getByText(`Clinic: ${other} (OTHER1)`)
    : directory.getByRole('columnheader', { name: 'Clinic' });
  await expect(clinicShown).toBeVisible();
  await expect(directory).toContainText(other);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-staff-all-clinics');
});

test('the admin registers a patient and shows the QR sign-up of the chosen clinic only', async ({ page }) => {
  const name = `Ada Harbor${uniqueWord()}`;
  await signIn(page, admin.email, admin.password);
  await closeNoteIfShown(page);
  const register = page.getByRole('button', { name: 'Register patient' });
  const qrSignup = page.getByRole('button', { name: 'QR sign-up' });

  // Every clinic: no clinic to register in, and the buttons say so to the keyboard and the screen reader.
  await choose(page, 'All clinics');
  const reason = 'Choose a clinic to register a patient or show its QR sign-up.';
  await expect(page.getByText(reason)).toBeVisible();
  for (const button of [qrSignup, register]) {
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(reason);
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await button.click({ force: true });
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-patients-no-clinic-to-register');

  // One clinic: its QR card, its code.
  await choose(page, `${other} (OTHER1)`);
  await expect(register).not.toHaveAttribute('aria-disabled');
  await expect(page.getByText(reason)).toHaveCount(0);
  await qrSignup.click();
  const card = page.getByRole('dialog', { name: 'QR sign-up for patients' });
  await expect(card).toContainText(other);
  await expect(card).toContainText('/patient/signup?clinic=OTHER1');
  await expect(card).toContainText('Clinic code OTHER1');
  await expect(card).not.toContainText('DEMO01');
  await snap(page, 'admin-qr-signup-chosen-clinic');
  await card.getByRole('button', { name: 'Close' }).click();

  // Registering puts the patient in that clinic, whose therapists are the ones offered to treat them.
  await register.click();
  const form = page.getByRole('dialog', { name: 'Register a patient' });
  await expect(form).toContainText(`The patient joins ${other}.`);
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill(name.split(' ')[1]!);
  await form.getByLabel('Birthday').fill('03/04/1956');
  await form.getByLabel('Birthday').press('Tab');
  await form.getByLabel('Mobile phone').fill(uniquePhone());
  await form.getByRole('button', { name: 'Register patient' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toContainText('Registered');
  await page.getByRole('button', { name: 'Onboard' }).click();
  const onboard = page.getByRole('dialog', { name: `Onboard ${name}` });
  await onboard.getByRole('combobox', { name: /Therapist/ }).click();
  await expect(onboard.getByRole('option', { name: 'Olivia Other' })).toBeVisible();
  await expect(onboard.getByRole('option', { name: 'Taylor Reed' })).toHaveCount(0);
  await snap(page, 'admin-onboard-chosen-clinic');
  await page.keyboard.press('Escape');
  await onboard.getByRole('button', { name: 'Cancel' }).click();

  // The clinic's list has the patient; the other clinic's has not.
  await page.getByRole('link', { name: 'Patients' }).first().click();
  await expect(page).toHaveURL(/\/patients\?clinic=OTHER1$/);
  await closeNoteIfShown(page);
  const search = page.getByRole('searchbox', { name: 'Search patients' });
  await search.fill(name);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await choose(page, 'Rehabit Demo Clinic (DEMO01)');
  await expect(page.getByRole('heading', { name: 'No patients match' })).toBeVisible();
});
