import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, expectAccessible, expectStyledField, signIn, snap } from './support.ts';

const admin = { email: 'admin@example.com', password: 'rehabit-demo-1' };

/** A signed-in person in their own browser context, on a page without the patient list's notice. */
async function person(browser: Browser, account: { email: string; password: string }, isMobile: boolean) {
  const context = await browser.newContext({
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile,
    hasTouch: isMobile,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await page.goto(isMobile ? '/chat' : '/balances');
  if (isMobile) await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
  else await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Chat/ }).click();
  return page;
}

/** The chat entry of the navigation: the rail's button on desktop, the bottom menu's link on phones. */
const chatEntry = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole(page.viewportSize()!.width < 768 ? 'link' : 'button', { name: /Chat/ });

/** A demo patient of the clinic, read through the API with the page's own session. */
async function demoPatient(page: Page, index: number) {
  const token = await page.evaluate(() => localStorage.getItem('rehabit.access_token'));
  const response = await page.request.get('/api/v1/patients/?page_size=5', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { results } = (await response.json()) as { results: Array<{ first_name: string; last_name: string }> };
  const patient = results[index]!;
  return `${patient.first_name} ${patient.last_name}`;
}

const conversationRow = (page: Page, name: string) =>
  page.locator('.chat-session').filter({ has: page.locator('.chat-session__title', { hasText: name }) });

async function send(page: Page, text: string) {
  await expectStyledField(page.getByLabel('Message', { exact: true }));
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('list', { name: 'Messages' }).locator('li', { hasText: text })).toContainText('Sent');
}

test('a therapist and a manager of one clinic chat live about a patient', async ({ browser, isMobile }) => {
  // Two people in two browsers, each signing in and checked for accessibility: more than one person's minute.
  test.setTimeout(120_000);
  const therapist = await person(browser, demo.therapist, isMobile);
  const manager = await person(browser, demo.manager, isMobile);
  // Each viewport's run talks about its own patient, so the two runs never share unread counts.
  const patient = await demoPatient(therapist, isMobile ? 1 : 0);
  const mobile = isMobile ? 'phone' : 'desktop';

  // The therapist finds the patient and opens the conversation.
  await therapist.getByRole('button', { name: 'New conversation' }).click();
  await expectStyledField(therapist.getByLabel('Find a patient'));
  await therapist.getByLabel('Find a patient').fill(patient.split(' ')[0]!);
  await therapist.getByRole('list', { name: 'Patients' }).getByRole('button', { name: patient }).click();
  if (isMobile) await expect(therapist).toHaveURL(/\/chat\/\d+\/messages$/);
  const question = `Did the ${mobile} exercises help? ${Date.now()}`;
  await send(therapist, question);
  await snap(therapist, 'chat-conversation');

  // The manager sees it arrive without reloading: the conversation moves up with it. A colleague's message is on
  // the manager's own side of the conversation, so it is not unread: only the patient's messages are.
  const row = conversationRow(manager, patient);
  await expect(row).toContainText(question);
  await expect(row.getByTestId('unread-count')).toHaveCount(0);
  await snap(manager, 'chat-colleague-message');
  await expectAccessible(manager);

  // The manager opens it and answers.
  await row.click();
  await expect(manager.getByRole('list', { name: 'Messages' })).toContainText(question);
  const answer = `Yes, knee pain is down to 3 (${mobile} ${Date.now()})`;
  await send(manager, answer);

  // The therapist, still in the conversation, sees the answer live, from the manager.
  const received = therapist.getByRole('list', { name: 'Messages' }).locator('li', { hasText: answer });
  await expect(received).toContainText('Morgan Lee');
  await snap(therapist, 'chat-answer');
  await expectAccessible(therapist);

  await therapist.context().close();
  await manager.context().close();
});

test('a staff member writes to support and an admin answers', async ({ browser, isMobile }) => {
  const staff = await person(browser, demo.therapist, isMobile);
  const support = await person(browser, admin, isMobile);
  const mobile = isMobile ? 'phone' : 'desktop';

  await staff.getByRole('tab', { name: /Support/ }).click();
  await staff
    .getByRole('list', { name: 'Support conversations' })
    .getByRole('button', { name: /Rehabit support/ })
    .click();
  const question = `How do I download the billing file? (${mobile} ${Date.now()})`;
  await send(staff, question);

  // Admins see every staff member's support conversation, live.
  const row = conversationRow(support, 'Taylor Reed');
  await expect(row).toContainText(question);
  await expect(row.getByTestId('unread-count')).toBeVisible();
  await expect(chatEntry(support)).toContainText('unread');
  await snap(support, 'chat-support-admin');
  await row.click();
  await expect(support.getByRole('list', { name: 'Messages' })).toContainText(question);
  const answer = `Balances, then the month's download button (${mobile} ${Date.now()})`;
  await send(support, answer);

  await expect(staff.getByRole('list', { name: 'Messages' }).locator('li', { hasText: answer })).toContainText(
    'Alex Admin',
  );
  await snap(staff, 'chat-support');

  await staff.context().close();
  await support.context().close();
});
