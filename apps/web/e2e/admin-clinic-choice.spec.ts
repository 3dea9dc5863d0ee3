import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, signIn, snap } from './support.ts';

// The platform admin's choice of clinic (decision 1150) on the patient and staff lists, named in the header.

const admin = { email: 'admin@example.com', password: 'rehabit-demo-1' };
const other = 'Other Physical Therapy';

/** Closes the clinic's note when the account still has it on. */
async function closeNoteIfShown(page: Page) {
  const note = page.getByRole('dialog', { name: "What's new in Rehabit" });
  const isShown = await note
    .waitFor({ timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (isShown) await note.getByRole('button', { name: 'Close' }).click();
}

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
  // The column of a table, the fact of a card: each row says its clinic.
  const clinicLabel = isMobile
    ? patients.getByText('Clinic', { exact: true })
    : patients.getByRole('columnheader', { name: 'Clinic' });

  // Every clinic: the header says so and each patient names their clinic.
  await expect(header).toContainText('All clinics');
  await expect(header).not.toContainText('Rehabit Demo Clinic');
  await expect(clinicLabel.first()).toBeVisible();
  await expect(patients).toContainText('DEMO01');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-patients-all-clinics');

  // One clinic: asked of the server, named in the header and the address, without the column.
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
