import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  demoCallStart,
  demoTherapistHeaders,
  expectAccessible,
  expectNoSidewaysScroll,
  forgetSession,
  signIn,
  snap,
  uniquePhone,
  uniqueWord,
} from './support.ts';

type Headers = { Authorization: string };

/** A new patient of the demo therapist, onboarded today: no call, no data and no consent yet. */
async function newPatientOfTheTherapist(request: APIRequestContext, headers: Headers) {
  const me = (await (await request.get('/api/v1/users/', { headers })).json()) as { results: { id: number }[] };
  const lastName = `Call${uniqueWord()}`;
  const registered = await request.post('/clinic/patient/register', {
    headers,
    data: {
      first_name: 'Nora',
      last_name: lastName,
      phone: uniquePhone(),
      selected_code: '+1',
      birthday: '1948-06-12',
      // Covered and consented: only a patient whose RTM can bill needs a call (decision 1240).
      is_rtm_covered: true,
      consent_date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      consent_method: 'verbal',
    },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const onboarded = await request.post(`/api/v1/patients/${id}/onboard/`, {
    headers,
    data: { diagnosis: 'M17.11', therapist: me.results[0]!.id },
  });
  expect(onboarded.status()).toBe(200);
  return { id, name: `Nora ${lastName}` };
}

type Figures = { needs_call: number; is_call_reminder_period: boolean };
const figuresOf = async (request: APIRequestContext, headers: Headers) =>
  (await (await request.get('/api/v1/dashboard/', { headers })).json()) as Figures;

const needCallFigure = (page: Page) =>
  page.getByRole('list', { name: /^Your patients/ }).getByRole('link', { name: /^Need a call/ });
/** The figure's number alone, not the words under it (which may hold a date). */
const needCallValue = (page: Page) => needCallFigure(page).locator('.figure-card__value');
const banners = (page: Page) => page.getByRole('region', { name: 'Needs attention' });
const NO_CALL = 'No live call is logged this month.';

async function openDashboard(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your patients' })).toBeVisible();
}

test('a therapist sees who needs a call on the dashboard, logs the call, and its reminder, task and banner go', async ({
  page,
  request,
  isMobile,
}) => {
  const headers = await demoTherapistHeaders(request);
  const patient = await newPatientOfTheTherapist(request, headers);
  const before = await figuresOf(request, headers);

  await page.goto('/login');
  await forgetSession(page);
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await openDashboard(page);
  await expect(needCallValue(page)).toHaveText(String(before.needs_call));
  // In the month's last 7 days the patient also has a call reminder among the therapist's tasks (the rules' own
  // days, with a fixed clock, are tested with the API); at other times there is none.
  const reminder = page
    .getByRole('list', { name: 'New tasks' })
    .getByRole('listitem')
    .filter({ hasText: patient.name })
    .filter({ hasText: 'No live call this month' });
  await expect(reminder).toHaveCount(before.is_call_reminder_period ? 1 : 0);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await snap(page, 'dashboard');

  // The figure opens the patients needing a call; the new patient is among them.
  await needCallFigure(page).click();
  await expect(page).toHaveURL(/\/patients\?.*call=needed/);
  await closeInitialNote(page);
  await expect(page.getByRole('checkbox', { name: 'Call needed this month' })).toBeChecked();
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(patient.name);
  await page.getByRole('link', { name: patient.name }).click();

  // The banner says what is missing and leads to where it is done.
  await expect(banners(page)).toContainText(NO_CALL);
  await banners(page).getByRole('link', { name: 'Log a call' }).click();
  const log = page.getByRole('form', { name: 'Log a call' });
  await log.getByLabel('Start time').fill(demoCallStart(isMobile ? 3 : 2));
  await log.getByLabel('Minutes').fill('8');
  await log.getByLabel('Notes').fill('Checked the home program by phone.');
  await log.getByRole('button', { name: 'Log call' }).click();
  await expect(page.getByRole('list', { name: 'Logged calls' })).toContainText('8 min');
  await expect(page.getByText(NO_CALL)).toHaveCount(0);

  // Back on the dashboard: one patient fewer needs a call, and the reminder is gone.
  await openDashboard(page);
  await expect(needCallValue(page)).toHaveText(String(before.needs_call - 1));
  await expect(reminder).toHaveCount(0);
  expect((await figuresOf(request, headers)).needs_call).toBe(before.needs_call - 1);
});

test('a snoozed banner stays hidden after signing out and in again, and the others stay', async ({ page, request }) => {
  const headers = await demoTherapistHeaders(request);
  const patient = await newPatientOfTheTherapist(request, headers);

  await page.goto('/login');
  await forgetSession(page);
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${patient.id}/dashboard`);
  await expect(banners(page)).toContainText(NO_CALL);
  await expect(banners(page)).toContainText('Close to a billing threshold this month');
  await banners(page)
    .getByRole('button', { name: `Snooze for 7 days: ${NO_CALL}` })
    .click();
  await expect(banners(page).getByRole('status')).toHaveText(`Snoozed for 7 days: ${NO_CALL}`);
  await expect(banners(page).getByRole('listitem').filter({ hasText: NO_CALL })).toHaveCount(0);

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${patient.id}/dashboard`);
  await expect(banners(page)).toContainText('Close to a billing threshold this month');
  await expect(page.getByText(NO_CALL)).toHaveCount(0);
});
