import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  demoTherapistHeaders,
  expectAccessible,
  expectNoSidewaysScroll,
  latestSmsCode,
  signIn,
  snap,
  uniquePhone,
  uniqueWord,
} from './support.ts';

// The phone's timezone is the one reminders follow, and the one the therapist reads.
const TIMEZONE = 'America/Chicago';
test.use({ timezoneId: TIMEZONE });

/** A new patient of the demo clinic, registered and onboarded by the demo therapist. */
async function demoClinicPatient(page: Page) {
  const headers = await demoTherapistHeaders(page.request);
  const me = (await (await page.request.get('/api/v1/users/', { headers })).json()) as { results: { id: number }[] };
  const phone = uniquePhone();
  const registered = await page.request.post('/clinic/patient/register', {
    headers,
    data: {
      first_name: 'Elena',
      last_name: `Remind${uniqueWord()}`,
      phone,
      selected_code: '+1',
      birthday: '1961-04-02',
    },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const onboarded = await page.request.post(`/api/v1/patients/${id}/onboard/`, {
    headers,
    data: { diagnosis: 'M54.50', therapist: me.results[0]!.id },
  });
  expect(onboarded.status()).toBe(200);
  return { id, phone };
}

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
  const patient = await demoClinicPatient(page);

  await page.goto('/patient/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(patient.phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('6-digit code').fill(await latestSmsCode(page, `+1${patient.phone}`));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/my\/today$/);

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
