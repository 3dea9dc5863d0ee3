import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  approvedStaff,
  closeInitialNote,
  demo,
  expectNoSidewaysScroll,
  forgetSession,
  signIn,
  snap,
} from './support.ts';

const patientName = 'Ashley Perez';
const pill = (page: Page) => page.getByRole('region', { name: 'Monitoring timer' });

/** Signs in (past the clinic's note) and opens the patient's dashboard from the list. */
async function openPatient(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await forgetSession(page);
  await signIn(page, account.email, account.password);
  await closeInitialNote(page);
  await findPatient(page);
}

/** Opens a patient's dashboard from the patient list; answers the patient's id. */
async function findPatient(page: Page, name = patientName) {
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name), level: 1 })).toBeVisible();
  return Number(/\/patient\/(\d+)\//.exec(page.url())![1]);
}

/** The ends of monitoring sessions the page sends, with their reasons and counted seconds. */
function recordEnds(page: Page) {
  const ends: Array<{ end_reason: string; elapsed_seconds: number; context: string }> = [];
  page.on('request', (request) => {
    if (request.method() !== 'PUT' || !request.url().includes('/user/therapist/dashboard/monitoring/')) return;
    const body = request.postDataJSON() as { end_reason?: string; elapsed_seconds: number; context: string };
    if (body.end_reason) ends.push(body as (typeof ends)[number]);
  });
  return ends;
}

/** The signed-in user's name, as staff lists show it. */
async function myName(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('rehabit.access_token'));
  const response = await page.request.get('/api/v1/users/', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { results: Array<{ display_name: string }> }).results[0]!.display_name;
}

/** The cells of a CSV without quoted commas (names and ISO times), past its byte-order mark. */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));

/** Makes the page believe its tab was hidden or shown again, as switching tabs or locking the screen does. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a therapist on a patient is monitored: the pill counts, a hidden tab ends it, coming back resumes it', async ({
  page,
  request,
}) => {
  const therapist = await approvedStaff(request, 'therapist');
  const ends = recordEnds(page);
  await openPatient(page, therapist);

  await expect(pill(page)).toHaveText(/^Ashley P\. is being monitored: \d+s$/);
  await expect(pill(page)).toHaveText(/: ([2-9]|\d\d)s$/);
  await snap(page, 'monitoring-pill');

  // The tab is hidden while the therapist does nothing: the session ends at once and the pill goes.
  await setTabHidden(page, true);
  await expect(pill(page)).toBeHidden();
  await expect.poll(() => ends.map((end) => end.end_reason)).toEqual(['hidden_inactive']);
  expect(ends[0]).toMatchObject({ context: 'MONITORING_CODE_PATIENT_DASHBOARD' });
  expect(ends[0]!.elapsed_seconds).toBeGreaterThanOrEqual(1);

  // Back on the tab: a new session on the same patient, and the pill counts on from where it paused.
  const resumed = page.waitForResponse(
    (response) => response.url().endsWith('/user/therapist/monitoring') && response.status() === 201,
  );
  await setTabHidden(page, false);
  await resumed;
  await expect(pill(page)).toBeVisible();

  // Leaving the patient ends the session as left and removes the pill.
  await page.getByRole('link', { name: 'Patients' }).first().click();
  await expect(pill(page)).toBeHidden();
  await expect.poll(() => ends.map((end) => end.end_reason)).toEqual(['hidden_inactive', 'left']);

  // Back on the patient: the month's minutes list both sessions, and the audit CSV proves the month's total.
  await closeInitialNote(page);
  await findPatient(page);
  const section = page.locator('#monitoring');
  const me = await myName(page);
  const mine = section
    .getByRole('list', { name: 'Sessions and calls' })
    .getByRole('listitem')
    .filter({ hasText: me })
    .filter({ hasText: 'Ended' });
  await expect(mine).toHaveCount(2);
  const total = Number(/(\d+) min/.exec((await section.locator('.monitoring-facts__total').textContent()) ?? '')![1]);
  await snap(page, 'monitoring-section');

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download audit CSV' }).click(),
  ]);
  const rows = csvRows(await readFile((await file.path())!, 'utf8'));
  const counted = (row: string[]) => Number(row[6]);
  // The session open since coming back has counted nothing yet.
  const myRows = rows.filter((row) => row[2] === me && row[8] !== 'open');
  expect(myRows.map(counted)).toEqual(ends.map((end) => end.elapsed_seconds));
  const entries = rows.slice(1).filter((row) => row[2] !== '');
  const totalRow = rows.find((row) => row[3] === 'Total minutes (floored)')!;
  expect(Number(totalRow[9])).toBe(total);
  expect(Math.floor(entries.reduce((sum, row) => sum + counted(row), 0) / 60)).toBe(total);

  // Signing out ends the open session while the token still works: the server takes the end.
  const endTaken = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes('/user/therapist/dashboard/monitoring/') &&
      response.status() === 200,
  );
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await endTaken;
  await expect(page).toHaveURL(/\/login$/);
  expect(ends.at(-1)).toMatchObject({ end_reason: 'left' });
});

test("the pill sits beside the clinic's name in the top bar and never covers it, at phone and desktop widths", async ({
  page,
  request,
  isMobile,
}) => {
  const therapist = await approvedStaff(request, 'therapist');
  // A clinic with a long name, so the name has to give way wherever the bar is short of room.
  const clinicName = 'Lakeside Physical Therapy and Sports Rehabilitation of Greater Springfield';
  await page.route(
    (url) => url.pathname === '/api/v1/users/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results: Array<{ clinic_name: string | null }> };
      body.results[0]!.clinic_name = clinicName;
      await route.fulfill({ response, json: body });
    },
  );
  await openPatient(page, therapist);
  await expect(pill(page)).toBeVisible();
  const topBar = page.getByRole('banner');
  const name = topBar.getByText(clinicName, { exact: true });

  for (const width of isMobile ? [360, 390] : [1280]) {
    await page.setViewportSize({ width, height: 800 });
    const nameBox = (await name.boundingBox())!;
    const pillBox = (await pill(page).boundingBox())!;
    const menuBox = (await page.getByRole('button', { name: /account menu/ }).boundingBox())!;
    // Left to right: the name, the pill, the account menu, each clear of the next and all on screen.
    expect(nameBox.x + nameBox.width, `the name ends before the pill at ${width} px`).toBeLessThanOrEqual(pillBox.x);
    expect(pillBox.x + pillBox.width, `the pill ends before the menu at ${width} px`).toBeLessThanOrEqual(menuBox.x);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(width);
    // Some of the name is still read, ending in an ellipsis.
    expect(nameBox.width).toBeGreaterThanOrEqual(40);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(pill(page)).toHaveText(/Ashley P\./);
    await expectNoSidewaysScroll(page);
    await snap(page, 'monitoring-top-bar');
  }
  // Cut short on screen, the name is whole for screen readers and on hover.
  await expect(topBar).toContainText(`Clinic: ${clinicName}`);
  await expect(name).toHaveAttribute('title', clinicName);
});

test('two patients in two tabs: each is credited with the time its own tab was on screen, no more, no less', async ({
  context,
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'tabs side by side are a desktop habit');
  const therapist = await approvedStaff(request, 'therapist');
  const endsA = recordEnds(page);
  await openPatient(page, therapist);
  const ashley = Number(/\/patient\/(\d+)\//.exec(page.url())![1]);
  await expect(pill(page)).toHaveText(/: [3-9]s$/);
  await page.mouse.move(300, 300);

  // The therapist switches to a second tab on another patient.
  await setTabHidden(page, true);
  const second = await context.newPage();
  const endsB = recordEnds(second);
  await second.goto('/patients');
  await closeInitialNote(second);
  const david = await findPatient(second, 'David Jackson');
  await expect(pill(second)).toHaveText(/: [2-9]s$/);
  await second.mouse.move(300, 300);
  await setTabHidden(second, true);

  // Back to the first tab for a while, then away from the patient.
  await setTabHidden(page, false);
  await expect(pill(page)).toBeVisible();
  await page.waitForTimeout(2_000);
  await page.getByRole('link', { name: 'Patients' }).first().click();
  await expect.poll(() => endsA.map((end) => end.end_reason)).toEqual(['hidden_inactive', 'left']);
  await expect.poll(() => endsB.map((end) => end.end_reason)).toEqual(['hidden_inactive']);

  // What the server counted for this therapist on each patient is exactly what each tab claimed.
  const me = await myName(page);
  const token = await page.evaluate(() => localStorage.getItem('rehabit.access_token'));
  const countedOn = async (patientId: number) => {
    const response = await page.request.get(`/api/v1/patients/${patientId}/monitoring/?page_size=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { results } = (await response.json()) as {
      results: Array<{ type: string; seconds?: number; staff: { display_name: string } | null }>;
    };
    return results
      .filter((entry) => entry.type === 'session' && entry.staff?.display_name === me)
      .reduce((sum, entry) => sum + entry.seconds!, 0);
  };
  const claimed = (ends: Array<{ elapsed_seconds: number }>) => ends.reduce((sum, end) => sum + end.elapsed_seconds, 0);
  expect(claimed(endsA)).toBeGreaterThanOrEqual(4);
  expect(await countedOn(ashley)).toBe(claimed(endsA));
  expect(await countedOn(david)).toBe(claimed(endsB));
});

test('a sleeping laptop ends the session, and five idle minutes end it and go back to the patient list', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'the session rules are the same at every width; the phone chat origin is table-tested');
  const therapist = await approvedStaff(request, 'therapist');
  const ends = recordEnds(page);
  await page.clock.install();
  await openPatient(page, therapist);
  await expect(pill(page)).toBeVisible();
  await page.clock.runFor(10_000);
  await page.mouse.move(200, 300);

  // Sleep or lock: no timer fires for a minute, then the clock has moved on.
  await page.clock.fastForward(60_000);
  await expect(pill(page)).toBeHidden();
  await expect.poll(() => ends.map((end) => end.end_reason)).toEqual(['sleep']);

  // Activity on the same patient resumes it; then nothing happens for five minutes. Meanwhile each saved
  // heart-beat reads "RTM this month" again, without a reload (decision 1242).
  await page.mouse.move(220, 320);
  await expect(pill(page)).toBeVisible();
  const beatSaved = page.waitForResponse((response) => response.request().method() === 'PUT');
  const statusRead = page.waitForRequest((request) => request.url().includes('/rtm-status/'));
  await page.clock.runFor(30_000);
  await beatSaved;
  await statusRead;
  await page.clock.runFor(270_000);
  await expect.poll(() => ends.map((end) => end.end_reason)).toEqual(['sleep', 'idle']);
  await expect(page).toHaveURL(/\/patient\/\d+\/dashboard$/);
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/patients$/);
  await expect(pill(page)).toBeHidden();
});

test("a patient's chat room monitors the therapist in the chat's context", async ({ page, request, isMobile }) => {
  const therapist = await approvedStaff(request, 'therapist');
  const ends = recordEnds(page);
  await openPatient(page, therapist);
  await expect(pill(page)).toBeVisible();

  // The chat: the panel over the dashboard on a desktop, its own page on a phone.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole(isMobile ? 'link' : 'button', { name: /Chat/ }).click();
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByLabel('Find a patient').fill('Ashley');
  await page.getByRole('list', { name: 'Patients' }).getByRole('button', { name: patientName }).click();
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  await expect(pill(page)).toHaveText(/^Ashley P\. is being monitored: /);
  await expect
    .poll(() => ends.map((end) => `${end.end_reason} ${end.context}`))
    .toEqual(['left MONITORING_CODE_PATIENT_DASHBOARD']);

  // Leaving the room ends the chat's session.
  if (isMobile) await page.getByRole('link', { name: 'All conversations' }).click();
  else await page.getByRole('button', { name: 'Close chat' }).click();
  const chatContext = isMobile ? 'MONITORING_CODE_MOBILE_CHAT' : 'MONITORING_CODE_DESKTOP_CHAT';
  await expect.poll(() => ends.map((end) => `${end.end_reason} ${end.context}`)).toContain(`left ${chatContext}`);
});

test('an office manager on a patient is never monitored and sees no pill', async ({ page, isMobile }) => {
  test.skip(isMobile, 'whether a user is monitored does not depend on the screen');
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/user/therapist/monitoring')) starts.push(request.url());
  });
  await openPatient(page, demo.manager);
  await page.waitForTimeout(2_500);
  await expect(pill(page)).toHaveCount(0);
  expect(starts).toEqual([]);
});
