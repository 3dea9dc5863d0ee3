import { type Browser, expect, test } from '@playwright/test';
import { onboardedPatient, signInByCode } from './patient-support.ts';
import { closeInitialNote, demo, expectAccessible, expectNoSidewaysScroll, signIn, snap } from './support.ts';

// The phone's timezone is the one reminders follow, and the one the therapist reads.
const TIMEZONE = 'America/Chicago';
test.use({ timezoneId: TIMEZONE });

/** The therapist's window on a desktop, at the patient's Reminders section. */
async function therapistReminders(browser: Browser, patientId: number) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: TIMEZONE,
  });
  const page = await context.newPage();
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${patientId}/dashboard`);
  const section = page.getByRole('region', { name: 'Reminders' });
  await section.scrollIntoViewIfNeeded();
  return { page, section, close: () => context.close() };
}

test('a patient sets reminders for 7:30 PM every day by text, keeps them, and the therapist reads them in words', async ({
  page,
  browser,
}) => {
  const patient = await onboardedPatient(page.request, {
    firstName: 'Elena',
    lastNameStart: 'Remind',
    birthday: '1961-04-02',
    diagnosis: 'M54.50',
  });

  await signInByCode(page, patient.phone);

  // Reminders are off: Today offers them.
  const card = page.getByRole('region', { name: 'Get a reminder' });
  await card.getByRole('link', { name: 'Set up reminders' }).click();
  const form = page.getByRole('form', { name: 'Reminders' });
  await expect(form.getByText('Reminders are off')).toBeVisible();
  await expect(form.getByText('On this phone’s clock: ')).toContainText(TIMEZONE);

  await form.getByRole('switch', { name: 'Remind me to do my exercises' }).click();
  const days = form.getByRole('group', { name: 'Days' });
  await days.getByRole('button', { name: 'Weekdays' }).click();
  await days.getByRole('button', { name: 'Every day' }).click();
  await form.getByLabel('Time').fill('19:30');
  await expect(form.getByRole('checkbox', { name: 'Text message' })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'reminders-patient');
  await form.getByRole('button', { name: 'Save reminders' }).click();
  await expect(form.getByText('Your reminders are saved.')).toBeVisible();
  await expect(form.getByText('Reminders are on: Every day at 7:30 PM')).toBeVisible();

  // Kept on the server: a reload reads them back.
  await page.reload();
  await expect(form.getByText('Reminders are on: Every day at 7:30 PM')).toBeVisible();
  await expect(form.getByLabel('Time')).toHaveValue('19:30');
  await expect(days.getByRole('button', { name: 'Every day' })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByRole('switch', { name: 'Remind me to do my exercises' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The therapist reads them in words, as the patient's own choice, which the default form cannot change.
  const therapist = await therapistReminders(browser, patient.id);
  await expect(
    therapist.section.getByText(`Every day at 7:30 PM (${TIMEZONE}) by text message — chosen by the patient`),
  ).toBeVisible();
  const defaults = therapist.section.getByRole('form', { name: 'Default reminders' });
  await expect(defaults.getByRole('button', { name: 'Save default' })).toBeDisabled();
  await expect(defaults.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await expect(therapist.section.getByText('No reminder yet')).toBeVisible();
  await snap(therapist.page, 'reminders-staff');
  await therapist.close();

  // The patient turns them off.
  await form.getByRole('switch', { name: 'Remind me to do my exercises' }).click();
  await form.getByRole('button', { name: 'Save reminders' }).click();
  await expect(form.getByText('Saved. Reminders are off.')).toBeVisible();
  await expect(form.getByText('Reminders are off', { exact: true })).toBeVisible();
});
