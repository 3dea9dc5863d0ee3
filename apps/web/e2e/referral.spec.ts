import { expect, test } from '@playwright/test';
import {
  approvedStaff,
  closeInitialNote,
  demo,
  expectAccessible,
  expectNoSidewaysScroll,
  forgetSession,
  latestEmailTo,
  signIn,
  signInAsSupervisor,
  snap,
  uniqueWord,
} from './support.ts';

test('a therapist invites a colleague, who signs up from the e-mailed link and is approved', async ({
  page,
  request,
  isMobile,
}) => {
  // A therapist of this journey's own, so its invitations are the only ones on the list.
  const therapist = await approvedStaff(request, 'therapist');
  const last = `Invited${uniqueWord()}`;
  const colleague = { first: 'Nora', last, name: `Nora ${last}`, email: `${last.toLowerCase()}@example.com` };

  await page.goto('/login');
  await forgetSession(page);
  await signIn(page, therapist.email, therapist.password);
  await closeInitialNote(page);
  // Phones keep the referral screen in the menu's overflow; on desktop it is in the side navigation.
  if (isMobile) await page.goto('/referral');
  else
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Referral/ })
      .click();
  await expect(page.getByRole('heading', { name: 'Referral program', level: 1 })).toBeVisible();
  await expect(page.getByText('No invitations sent yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('First name').fill(colleague.first);
  await form.getByLabel('Last name').fill(colleague.last);
  await form.getByLabel('E-mail').fill(colleague.email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByRole('status')).toContainText(`${colleague.email} can create an account`);
  const invitations = page.getByRole('region', { name: 'Your invitations' });
  await expect(invitations).toContainText(colleague.name);
  await expect(invitations).toContainText('Invited');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'referral-invited');

  // The same address again: one open invitation at a time.
  await form.getByLabel('First name').fill(colleague.first);
  await form.getByLabel('Last name').fill(colleague.last);
  await form.getByLabel('E-mail').fill(colleague.email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText(`${colleague.email} already has an open invitation`)).toBeVisible();

  // The colleague opens the link of the e-mail, which names the therapist and this portal's sign-up page.
  const mail = await latestEmailTo(page, colleague.email);
  expect(mail.subject).toContain('invites you to Rehabit');
  const link = /https?:\/\/\S+/.exec(mail.body)![0];
  expect(new URL(link).pathname).toBe('/therapist-signup');
  await forgetSession(page);
  await page.goto(link);
  await expect(page.getByText('A colleague invited you')).toBeVisible();
  await expect(page.getByLabel('Clinic code')).toHaveValue(demo.clinicCode);
  await page.getByLabel('First name').fill(colleague.first);
  await page.getByLabel('Last name').fill(colleague.last);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Staff Therapist' }).click();
  await page.getByLabel('E-mail').fill(colleague.email);
  await page.getByLabel('Password').fill('a-long-new-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();

  // The supervisor approves the new account.
  await signInAsSupervisor(page);
  const signups = page.getByRole('region', { name: 'Sign-ups and access' });
  await signups.getByRole('button', { name: `Approve ${colleague.name}` }).click();
  await expect(page.getByText(`${colleague.name} is approved and can sign in`)).toBeVisible();

  // The therapist's list follows the invitation to its end.
  await forgetSession(page);
  await signIn(page, therapist.email, therapist.password);
  await page.goto('/referral');
  await expect(invitations).toContainText(colleague.name);
  await expect(invitations).toContainText('Approved');
  await expect(invitations).not.toContainText('Not yet');
  await snap(page, 'referral-approved');
});
