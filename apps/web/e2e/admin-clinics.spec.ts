import { expect, test } from '@playwright/test';
import {
  closeNoteIfShown,
  demo,
  expectAccessible,
  expectNoSidewaysScroll,
  forgetSession,
  signIn,
  signInAsSupervisor,
  snap,
  uniqueWord,
} from './support.ts';

const admin = demo.admin;

test('an admin creates a clinic, its supervisor renames it, and the admin finds the change in its audit log', async ({
  page,
  isMobile,
}) => {
  // Three people sign in one after another, each screen checked for accessibility.
  test.setTimeout(150_000);
  const word = uniqueWord();
  const firstName = `Harbor ${word} Rehab`;
  const newName = `Lakeside ${word} Therapy`;
  const supervisor = { email: `sup-${word}@example.com`, password: 'sturdy-lantern-42' };

  // The admin creates the clinic with its supervisor.
  await signIn(page, admin.email, admin.password);
  await closeNoteIfShown(page);
  await page.goto('/admin/clinics');
  await expect(page.getByRole('heading', { name: 'Clinics', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New clinic' }).click();
  const dialog = page.getByRole('dialog', { name: 'New clinic' });
  await dialog.getByLabel('Clinic name').fill(firstName);
  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('Reyes');
  await dialog.getByLabel('E-mail').fill(supervisor.email);
  await dialog.getByLabel('Password').fill(supervisor.password);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create clinic' }).click();

  await expect(page).toHaveURL(/\/admin\/clinics\/[A-Z0-9]{6}$/);
  const code = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: firstName, level: 1 })).toBeVisible();
  await expect(page.getByText(`Dana Reyes (${supervisor.email})`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing settings' })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-clinic');

  // The supervisor signs in with the clinic code and changes the clinic's name.
  await forgetSession(page);
  await signInAsSupervisor(page, { code, password: supervisor.password });
  await page.goto('/clinic-settings');
  const details = page.getByRole('form', { name: 'Clinic details' });
  await expect(details.getByLabel('Clinic name')).toHaveValue(firstName);
  await details.getByLabel('Clinic name').fill(newName);
  await details.getByRole('button', { name: 'Save clinic details' }).click();
  await expect(page.getByText('Clinic details saved')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'clinic-settings');

  // The admin reads the clinic's audit log: the change, with its old and new name.
  await forgetSession(page);
  await signIn(page, admin.email, admin.password);
  await closeNoteIfShown(page);
  await page.goto(`/admin/clinics/${code}`);
  await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Read its audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?clinic=${code}$`));
  // On a phone the filters are folded under a button that counts those on: here the clinic.
  if (isMobile) await page.getByRole('button', { name: 'Filters (1 on)' }).click();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'clinic.update' }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  // A table row on a desktop; on a phone a card, read without scrolling sideways.
  const entries = page.getByRole(isMobile ? 'list' : 'table', { name: 'Audit log entries, newest first' });
  const row = entries.getByRole(isMobile ? 'listitem' : 'row').filter({ hasText: 'clinic.update' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dana Reyes');
  await expect(row.getByRole('deletion')).toHaveText(firstName);
  await expect(row.getByRole('insertion')).toHaveText(newName);
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the entry fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'audit-log');
});
