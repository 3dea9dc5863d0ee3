import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, expect, type Locator, type Page, test } from '@playwright/test';

export const demo = {
  therapist: { email: 'therapist@example.com', password: 'rehabit-demo-1' },
  manager: { email: 'manager@example.com', password: 'rehabit-demo-1' },
  admin: { email: 'admin@example.com', password: 'rehabit-demo-1' },
  restricted: { email: 'demo@example.com', password: 'rehabit-demo-1' },
  pending: { email: 'pending@example.com', password: 'rehabit-demo-1', name: 'Pat Pending' },
  supervisor: { code: 'DEMO01', password: 'demo-supervisor-1' },
  clinicCode: 'DEMO01',
};

/** Fills the staff sign-in form that is on screen and submits it. */
export async function submitSignin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await submitSignin(page, email, password);
  await expect(page).toHaveURL(/\/patients$/);
}

/** Signs in as a clinic's supervisor by its code (the demo clinic's unless told), landing on the staff list. */
export async function signInAsSupervisor(page: Page, account: { code: string; password: string } = demo.supervisor) {
  await page.goto('/supervisor-login');
  await page.getByLabel('Clinic code').fill(account.code);
  await page.getByLabel('Supervisor password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in as supervisor' }).click();
  await expect(page).toHaveURL(/\/therapist-list$/);
}

/**
 * Demo staff have feature notices on, so the patient list opens with the clinic's note. Closing it
 * (not 'Got it') keeps the notices on for the other journeys.
 */
export async function closeInitialNote(page: Page) {
  const note = page.getByRole('dialog', { name: "What's new in Rehabit" });
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: 'Close' }).click();
  await expect(note).toBeHidden();
}

/** Closes the clinic's note when the account still has it on (another journey may have answered it). */
export async function closeNoteIfShown(page: Page) {
  const note = page.getByRole('dialog', { name: "What's new in Rehabit" });
  const isShown = await note
    .waitFor({ timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (isShown) await note.getByRole('button', { name: 'Close' }).click();
}

/**
 * Keeps a picture of the screen per viewport width, for people to look at. CI looks at none, so it takes them only
 * when E2E_SCREENS asks (decision 1300).
 */
export async function snap(page: Page, name: string) {
  if (process.env.CI && !process.env.E2E_SCREENS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
}

/** No serious or critical accessibility violation on the screen as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}

type OutboxMessage = {
  id: number;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
};

/** The newest message of a channel to `to` in the developer outbox. */
async function latestMessageTo(page: Page, to: string, channel: 'email' | 'sms'): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/dev/outbox');
      const { results } = (await response.json()) as { results: OutboxMessage[] };
      found = results.filter((m) => m.to === to && m.channel === channel).sort((a, b) => b.id - a.id)[0];
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The newest e-mail to `to` in the developer outbox. */
export const latestEmailTo = (page: Page, to: string) => latestMessageTo(page, to, 'email');

/** The 6-digit code of the newest text message to a phone (E.164). */
export async function latestSmsCode(page: Page, phone: string): Promise<string> {
  const message = await latestMessageTo(page, phone, 'sms');
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, 'a 6-digit code in the text message').toBeTruthy();
  return code!;
}

/** Forgets this browser's session so the next sign-in starts fresh (the server session simply idles out). */
export async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

/** Letters only, so names stay valid and searchable: a run's own patients never meet another run's. */
export const uniqueWord = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A US mobile number nobody else in the run uses, as digits. */
export const uniquePhone = () => `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** Nothing on the page is wider than the window. */
/** A toast leaves the top bar's account menu uncovered, so it can still be reached while the toast shows. */
export async function expectToastClearOfMenu(page: Page, toastText: string) {
  const toast = await page.getByRole('status').filter({ hasText: toastText }).first().boundingBox();
  const menu = await page.getByRole('button', { name: /account menu/ }).boundingBox();
  expect(toast && menu, 'the toast and the account menu are on screen').toBeTruthy();
  const overlaps = toast!.y < menu!.y + menu!.height && menu!.y < toast!.y + toast!.height;
  const sideBySide = toast!.x >= menu!.x + menu!.width || menu!.x >= toast!.x + toast!.width;
  expect(overlaps && !sideBySide, 'the toast covers the account menu').toBe(false);
}

/** A text box drawn as the design's fields are (padding and rounded border), not in the browser's default look. */
export async function expectStyledField(field: Locator) {
  const style = await field.evaluate((el) => {
    const css = getComputedStyle(el);
    return { padding: Number.parseFloat(css.paddingLeft), radius: Number.parseFloat(css.borderTopLeftRadius) };
  });
  expect(style.padding, 'padding of a styled field').toBeGreaterThanOrEqual(8);
  expect(style.radius, 'rounded corner of a styled field').toBeGreaterThan(0);
}

export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

/** A table fits its frame: nothing of it is reached by scrolling the frame sideways. */
export async function expectTableInItsFrame(table: Locator) {
  const frame = table.locator('xpath=..');
  expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the table scrolls sideways').toBe(true);
}

/** The API headers of the session a sign-in answered. */
const bearerHeaders = async (signin: APIResponse) => ({
  Authorization: `Bearer ${((await signin.json()) as { token: string }).token}`,
});

/** The demo therapist's API headers, as the staff screens would send them. */
export async function demoTherapistHeaders(request: APIRequestContext) {
  const signin = await request.post('/clinic/therapist/signin', { data: demo.therapist });
  expect(signin.status()).toBe(200);
  return bearerHeaders(signin);
}

/**
 * A staff account of the demo clinic that only this journey uses, signed up and approved through the API:
 * journeys that change the demo accounts (a password reset, for one) then cannot get in each other's way.
 */
export async function approvedStaff(request: APIRequestContext, role: 'therapist' | 'manager') {
  const lastName = `Staff${uniqueWord()}`;
  const account = { email: `${lastName.toLowerCase()}@example.com`, password: 'a-long-new-password' };
  const signup = await request.post('/clinic/therapist/signup', {
    data: {
      ...account,
      first_name: role === 'manager' ? 'Mona' : 'Theo',
      last_name: lastName,
      role,
      code: demo.clinicCode,
    },
  });
  expect(signup.status()).toBe(201);
  const signin = await request.post('/clinic/supervisor/signin', {
    data: { code: demo.supervisor.code, password: demo.supervisor.password },
  });
  const headers = await bearerHeaders(signin);
  const waiting = await request.get('/clinic/supervisor/approval?status=pending&page_size=100', { headers });
  const { results } = (await waiting.json()) as { results: { id: number; email: string }[] };
  const user = results.find((member) => member.email === account.email);
  expect(user, 'the new sign-up waits for approval').toBeTruthy();
  const approval = await request.patch('/clinic/supervisor/approval', {
    headers,
    data: { user_id: user!.id, status: 'approved' },
  });
  expect(approval.status()).toBe(200);
  return account;
}

/** The minutes past midnight now on the demo clinic's clock (Chicago). */
function demoClinicMinutesNow() {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Chicago',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return hour! * 60 + minute!;
}

/**
 * A start time of today, on the demo clinic's clocks (Chicago), for a call the demo therapist logs in a journey: the
 * `slot`th 20 minutes after midnight, hours no seeded call takes (they run 09:00–17:00), one slot per journey and
 * layout, so runs never overlap each other's calls (decision 1281). In the day's first minutes, while the slot is
 * still ahead, no call of today can be logged yet (a call cannot start later than now): the journey is skipped then,
 * saying why, rather than failing on the clock.
 */
export function demoCallStart(slot: number) {
  // A journey tried again (CI retries once) takes the slot four further on: its first try's call may stand.
  const minute = (slot + 4 * test.info().retry) * 20;
  const start = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  test.skip(demoClinicMinutesNow() < minute, `the call's start, ${start} on the demo clinic's clock, has not come yet`);
  return start;
}

/**
 * The month before the demo clinic's running one (its calendar is Chicago's), closed at the server's first start: as
 * the screens name it and as its ISO month.
 */
export function lastMonth() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return {
    name: date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    iso: date.toISOString().slice(0, 7),
  };
}
