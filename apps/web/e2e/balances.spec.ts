import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  approvedStaff,
  expectAccessible,
  expectNoSidewaysScroll,
  forgetSession,
  signIn,
  signInAsSupervisor,
  snap,
  uniquePhone,
  uniqueWord,
} from './support.ts';

const CALL_MINUTES = 30;

/** Today in the demo clinic's timezone, `YYYY-MM-DD`: a call logged on it counts in the clinic's month. */
const clinicToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

/**
 * A new therapist of the demo clinic with a month of their own: monitored on a new patient of theirs for a few
 * seconds, and a 30-minute phone call logged with the patient, so all their minutes are payable.
 */
async function therapistWithPayableTime(request: APIRequestContext) {
  const account = await approvedStaff(request, 'therapist');
  const signin = await request.post('/clinic/therapist/signin', { data: account });
  expect(signin.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
  const me = (await (await request.get('/api/v1/users/', { headers })).json()) as {
    results: { id: number; display_name: string }[];
  };
  const { id: therapistId, display_name: name } = me.results[0]!;

  const registered = await request.post('/clinic/patient/register', {
    headers,
    data: {
      first_name: 'Iris',
      last_name: `Pay${uniqueWord()}`,
      phone: uniquePhone(),
      selected_code: '+1',
      birthday: '1950-02-14',
    },
  });
  expect(registered.status()).toBe(201);
  const { id: patientId } = (await registered.json()) as { id: number };
  const onboarded = await request.post(`/api/v1/patients/${patientId}/onboard/`, {
    headers,
    data: { diagnosis: 'M17.11', therapist: therapistId },
  });
  expect(onboarded.status()).toBe(200);

  const started = await request.post('/user/therapist/monitoring', { headers, data: { user_id: patientId } });
  expect(started.status()).toBe(201);
  const { id: sessionId } = (await started.json()) as { id: number };
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const ended = await request.put(`/user/therapist/dashboard/monitoring/${sessionId}`, {
    headers,
    data: { elapsed_seconds: 2, context: 'MONITORING_CODE_PATIENT_DASHBOARD', end_reason: 'left' },
  });
  expect(ended.status()).toBe(200);

  const call = await request.post(`/api/v1/patients/${patientId}/log_interaction/`, {
    headers,
    // At the day's first minute: it has begun whenever the journey runs, and this new therapist has no other call.
    data: { date: clinicToday(), start_time: '00:00', kind: 'phone', minutes: CALL_MINUTES, notes: 'Monthly check-in' },
  });
  expect(call.status()).toBe(201);
  return { ...account, name };
}

/** One staff member's row of the staff pay: a table row on a desktop, a card on a phone. */
const staffRow = (page: Page, name: string, isMobile: boolean): Locator =>
  page
    .getByRole('region', { name: /pay in/ })
    .getByRole(isMobile ? 'listitem' : 'row')
    .filter({ hasText: name });

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

test('a supervisor changes the hourly monitoring rate and the staff pay moves; a therapist sees only their own', async ({
  page,
  request,
  isMobile,
}) => {
  const therapist = await therapistWithPayableTime(request);

  await page.goto('/supervisor-login');
  await forgetSession(page);
  await signInAsSupervisor(page);

  await page.goto('/balances');
  await page.getByRole('link', { name: 'Staff pay' }).click();
  await expect(page).toHaveURL(/view=staff/);
  const row = staffRow(page, therapist.name, isMobile);
  // 30 call minutes and a few monitored seconds: 30 payable minutes, none unpaid.
  await expect(row).toContainText(`${CALL_MINUTES} min`);

  // The rate as the billing settings hold it now, and a different one to set.
  const rateField = page.getByRole('textbox', { name: 'Hourly monitoring rate (USD)' });
  await expect(rateField).toBeVisible();
  const before = Number((await rateField.inputValue()) || '0');
  if (before > 0) await expect(row).toContainText(dollars((CALL_MINUTES * before) / 60));
  const after = before === 75 ? 90 : 75;
  await rateField.fill(String(after));
  await page.getByRole('button', { name: 'Save billing settings' }).click();
  await expect(page.getByText('Billing settings saved')).toBeVisible();

  // 30 minutes at the new hourly rate.
  await expect(row).toContainText(dollars((CALL_MINUTES * after) / 60));
  await expect(page.getByLabel(/^Totals of/)).toContainText(`Hourly rate${dollars(after)}`);
  await page.getByRole('region', { name: /pay in/ }).scrollIntoViewIfNeeded();
  await snap(page, 'balances-staff-pay');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The therapist sees their own figures only.
  await forgetSession(page);
  await signIn(page, therapist.email, therapist.password);
  await page.goto('/balances?view=staff');
  const own = page.getByRole('region', { name: /^Your pay in/ });
  await expect(own).toContainText(therapist.name);
  await expect(own).toContainText(dollars((CALL_MINUTES * after) / 60));
  await expect(own.getByRole(isMobile ? 'listitem' : 'row')).toHaveCount(isMobile ? 1 : 2);
  await snap(page, 'balances-own-pay');
  await expectAccessible(page);
});
