import { expect, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  expectAccessible,
  forgetSession,
  signIn,
  signInAsSupervisor,
  snap,
  uniqueWord,
} from './support.ts';

test('the supervisor approves a waiting sign-up, who can then sign in', async ({ page }, testInfo) => {
  // The demo's waiting account can be approved once per database; the second viewport signs up its own.
  let person = { email: demo.pending.email, password: demo.pending.password, name: demo.pending.name };
  if (testInfo.project.name !== 'desktop') {
    const last = `Waits${uniqueWord()}`;
    person = { email: `${last.toLowerCase()}@example.com`, password: 'a-long-new-password', name: `Nora ${last}` };
    const response = await page.request.post('/clinic/therapist/signup', {
      data: { ...person, first_name: 'Nora', last_name: last, role: 'therapist', code: demo.clinicCode },
    });
    expect(response.status()).toBe(201);
  }

  await signInAsSupervisor(page);
  const signups = page.getByRole('region', { name: 'Sign-ups and access' });
  await expect(signups).toContainText(person.email);
  await expectAccessible(page);
  await snap(page, 'therapist-list-supervisor');
  await signups.getByRole('button', { name: `Approve ${person.name}` }).click();
  await expect(page.getByText(`${person.name} is approved and can sign in`)).toBeVisible();
  await expect(signups).not.toContainText(person.email);

  // The clinic's staff list now has them.
  const directory = page.getByRole('region', { name: 'Clinic staff' });
  await directory.getByRole('searchbox', { name: 'Search staff' }).fill(person.email);
  await expect(directory).toContainText(person.name);

  await forgetSession(page);
  await signIn(page, person.email, person.password);
});

test('staff look up their colleagues on the therapist list', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto('/therapist-list');
  const directory = page.getByRole('region', { name: 'Clinic staff' });
  await expect(directory).toContainText('Taylor Reed');
  await expect(page.getByRole('region', { name: 'Sign-ups and access' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'therapist-list-staff');
});
