import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { approvedStaff, closeInitialNote, demo, expectAccessible, forgetSession, signIn, snap } from './support.ts';

/** Month and year of the month before `month` (`March 2026`), as the API's paths take them. */
function monthBefore(name: string) {
  const date = new Date(`1 ${name}`);
  date.setMonth(date.getMonth() - 1);
  return {
    month: date.getMonth() + 1,
    year: date.getFullYear(),
    name: date.toLocaleString('en-US', { month: 'long', year: 'numeric' }),
  };
}

/** Opens Balances from the menu: the rail on a desktop, the full menu behind More on a phone. */
async function openBalances(page: Page, isMobile: boolean) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isMobile) {
    await nav.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: /Balances/ }).getByTestId('round-badge')).toBeVisible();
    await menu.getByRole('link', { name: /Balances/ }).click();
  } else {
    await expect(nav.getByRole('link', { name: /Balances/ }).getByTestId('round-badge')).toBeVisible();
    await nav.getByRole('link', { name: /Balances/ }).click();
  }
  await expect(page.getByRole('heading', { name: 'Balances', level: 1 })).toBeVisible();
}

test('a manager opens Balances from the menu, sees the units and the chart, downloads the file, and the badge clears', async ({
  page,
  request,
  isMobile,
}) => {
  const manager = await approvedStaff(request, 'manager');
  await page.goto('/login');
  await forgetSession(page);
  await signIn(page, manager.email, manager.password);
  await closeInitialNote(page);

  // A closed month's file, made again by an admin: the clinic's staff, this new manager too, get the round '1'.
  const current = await (async () => {
    await page.goto('/balances');
    const picker = page.getByRole('combobox', { name: 'Month' });
    await expect(picker).toBeVisible();
    return (await picker.textContent())!.trim();
  })();
  // The month before last: last month is the one the sign-off journey signs, and a signed month's file is never
  // made again.
  const last = monthBefore(monthBefore(current).name);
  const adminSignin = await request.post('/clinic/therapist/signin', {
    data: { email: 'admin@example.com', password: demo.manager.password },
  });
  expect(adminSignin.status()).toBe(200);
  const { token } = (await adminSignin.json()) as { token: string };
  const made = await request.post(`/api/v1/admin/billing/${demo.clinicCode}/${last.month}/${last.year}/generate`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(made.status()).toBe(201);

  await page.goto('/patients');
  await closeInitialNote(page);
  await openBalances(page, isMobile);

  // The units of last month, per code with expected payment, and the patients behind them.
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: last.name }).click();
  await expect(page).toHaveURL(new RegExp(`month=${last.year}-${String(last.month).padStart(2, '0')}`));
  const units = page.getByRole(isMobile ? 'list' : 'table', { name: `Units of ${last.name}, per code` });
  await expect(units).toBeVisible();
  await expect(page.getByLabel(`Totals of ${last.name}`)).toContainText(/Expected payment\$[\d,]+\.\d\d/);
  await expect(page.getByRole('heading', { name: `Patients who bill in ${last.name}` })).toBeVisible();

  // The year's chart, drawn, with its figures in words.
  const year = page.getByRole('region', { name: `${last.year} by month` });
  await expect(year.locator('.billing-chart canvas')).toBeVisible();
  await expect(year.locator('figcaption')).toContainText('expected in all');
  await snap(page, 'balances');
  await expectAccessible(page);

  // The month's file downloads as the workbook it is, and opening it clears the badge.
  const file = page.getByRole('region', { name: `Billing file of ${last.name}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    file.getByRole('button', { name: 'Download billing file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await expect(page.getByTestId('round-badge')).toHaveCount(0);

  // It stays cleared after a reload: the server forgot it too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Balances', level: 1 })).toBeVisible();
  await expect(page.getByTestId('round-badge')).toHaveCount(0);
});
