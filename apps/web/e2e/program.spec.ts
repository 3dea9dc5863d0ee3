import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  demoTherapistHeaders,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  snap,
  uniqueWord,
} from './support.ts';

/**
 * A folder of three library videos that only this journey uses, made by the demo therapist through the API, so
 * the exercises it adds are told apart from the demo patient's own program and can be taken out again at the end.
 */
async function journeyFolder(request: APIRequestContext) {
  const headers = await demoTherapistHeaders(request);
  const titles = ['Quad Sets', 'Heel Slides', 'Straight Leg Raise'];
  const videoIds: number[] = [];
  for (const title of titles) {
    const found = await request.get(`/video/list?search=${encodeURIComponent(title)}&page_size=10`, { headers });
    const { results } = (await found.json()) as { results: { id: number; title: string }[] };
    const video = results.find((v) => v.title === title);
    expect(video, `the library has "${title}"`).toBeTruthy();
    videoIds.push(video!.id);
  }
  const name = `Knee ${uniqueWord()}`;
  const created = await request.post('/video/library', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const filled = await request.post('/video/library/bulk', {
    headers,
    data: { video_ids: videoIds, libraryfolder_ids: [id] },
  });
  expect(filled.ok()).toBe(true);
  return name;
}

const titlesOf = (items: Locator) => items.getByRole('heading', { level: 3 }).allTextContents();
/** "3. Quad Sets" → "Quad Sets" */
const bare = (titles: string[]) => titles.map((t) => t.replace(/^\d+\.\s*/, ''));

async function openFirstPatient(page: Page) {
  const patients = page.getByRole('table', { name: 'Patients' }).or(page.getByRole('list', { name: 'Patients' }));
  const link = patients.getByRole('link').first();
  const name = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
}

test('a therapist builds a program from a folder, orders it by mouse and keyboard, doses, deletes and undoes, reads progress and adds a questionnaire', async ({
  page,
  request,
}, testInfo) => {
  // One long journey through four sections, each step waiting on the real server.
  test.setTimeout(150_000);
  const folder = await journeyFolder(request);
  await page.goto('/login');
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await openFirstPatient(page);

  const program = page.getByRole('region', { name: 'Program' });
  await expect(program.getByRole('button', { name: 'Add exercises' })).toBeVisible();
  await program.getByRole('button', { name: 'Add exercises' }).click();
  const picker = page.getByRole('dialog', { name: 'Add exercises' });
  await picker.getByRole('checkbox', { name: `Folder ${folder}` }).check();
  await expect(picker.getByText('1 chosen')).toBeVisible();
  await snap(page, 'program-picker');
  await picker.getByRole('button', { name: 'Add to program' }).click();
  await expect(page.getByText('Exercises added to the program')).toBeVisible();
  await expect(picker).toBeHidden();

  const list = program.getByRole('list', { name: 'Exercises in order' });
  const mine = list.getByRole('listitem').filter({ hasText: `From folder ${folder}` });
  await expect(mine).toHaveCount(3);
  const [a, b, c] = bare(await titlesOf(mine));
  await snap(page, 'program');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // Drag the last of them above the first (on a touch screen, where browsers do not drag, the move buttons);
  // the order is saved, so it is the same after a reload.
  if (testInfo.project.name === 'phone') {
    await mine
      .nth(2)
      .getByRole('button', { name: /^Move .* up$/ })
      .click();
    await expect.poll(async () => bare(await titlesOf(mine))).toEqual([a, c, b]);
    await mine
      .nth(1)
      .getByRole('button', { name: /^Move .* up$/ })
      .click();
  } else {
    await mine
      .nth(2)
      .getByRole('button', { name: /^Reorder/ })
      .dragTo(mine.nth(0));
  }
  await expect.poll(async () => bare(await titlesOf(mine))).toEqual([c, a, b]);
  await page.reload();
  await expect.poll(async () => bare(await titlesOf(mine))).toEqual([c, a, b]);

  // Alt+↓ on the focused handle moves it one place down, and says so.
  await mine
    .nth(0)
    .getByRole('button', { name: /^Reorder/ })
    .focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(async () => bare(await titlesOf(mine))).toEqual([a, c, b]);
  await expect(page.getByRole('status').filter({ hasText: `${c} moved to position` })).toBeAttached();
  await expect(mine.nth(1).getByRole('button', { name: /^Reorder/ })).toBeFocused();

  // Sets are changed in place.
  await mine.nth(0).getByRole('button', { name: /^Edit/ }).click();
  const dosage = mine.nth(0).getByRole('form', { name: /^Dosage of/ });
  await dosage.getByLabel('Sets').fill('4');
  await snap(page, 'program-dosage');
  await dosage.getByRole('button', { name: 'Save' }).click();
  await expect(dosage).toBeHidden();
  await expect(mine.nth(0)).toContainText('4 sets ×');

  // A deleted exercise comes back with Undo.
  await mine
    .nth(1)
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(mine).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 exercise restored')).toBeVisible();
  await expect(mine).toHaveCount(3);
  await expect.poll(async () => bare(await titlesOf(mine))).toEqual([a, c, b]);

  // Progress of a week, charted with summaries in words, and the week before.
  const progress = page.getByRole('region', { name: 'Progress' });
  await progress.scrollIntoViewIfNeeded();
  // The week in detail; the trend, which opens first once there is history, has its own journey (progress.spec.ts).
  await progress.getByRole('group', { name: 'View' }).getByText('Week', { exact: true }).click();
  await expect(progress.getByRole('heading', { name: /^Week of .+ · Sunday to Saturday, this week$/ })).toBeVisible();
  await expect(progress.getByRole('figure', { name: /^Engagement/ })).toBeVisible();
  await expect(progress.getByRole('figure', { name: /^Pain/ })).toContainText(/Pain( by day|: no data)/);
  // The chart mode and the report view are radio groups: arrows move the choice.
  await progress.getByRole('radio', { name: 'Line' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(progress.getByRole('group', { name: 'Chart' }).getByRole('radio', { name: 'Levels' })).toBeChecked();
  await expect(progress.getByRole('figure', { name: /^Engagement/ })).toContainText('Days per level');
  await progress.getByRole('radio', { name: 'Averages' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(progress.getByRole('table', { name: /^Exercises assigned and done, week of / })).toBeVisible();
  await snap(page, 'progress');
  await progress.getByRole('button', { name: 'Previous week' }).click();
  await expect(progress.getByRole('heading', { name: /^Week of .+ · Sunday to Saturday, last week$/ })).toBeVisible();
  await expectAccessible(page);

  // A questionnaire, scored as it is filled in.
  const functional = page.getByRole('region', { name: 'Functional data' });
  await functional.getByRole('button', { name: 'Add questionnaire' }).click();
  const questionnaire = page.getByRole('dialog', { name: 'Add a questionnaire' });
  await questionnaire.getByRole('combobox', { name: 'Measure' }).click();
  await questionnaire.getByRole('option', { name: 'Patient-Specific Functional Scale' }).click();
  for (const [index, value] of ['3', '5', '6'].entries()) {
    await questionnaire.getByLabel(`Activity ${index + 1} (0–10)`).fill(value);
  }
  await expect(questionnaire.getByRole('status')).toHaveText('Score: 4.67 points (0–10)');
  const note = `Stairs, walking, kneeling ${uniqueWord()}`;
  await questionnaire.getByLabel('Note').fill(note);
  await snap(page, 'questionnaire');
  await questionnaire.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Patient-Specific Functional Scale saved')).toBeVisible();
  const psfs = functional.getByRole('table', { name: 'Patient-Specific Functional Scale entries' });
  await expect(psfs.getByRole('row').filter({ hasText: note })).toContainText('4.67');
  await snap(page, 'functional-data');
  // Wide tables scroll inside their section: the page itself never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  // The journey's exercises leave the demo patient's program as it was.
  // Chosen with the keyboard: on a phone the toasts and the bottom menu sit over part of the list.
  for (const index of [0, 1, 2]) {
    const box = mine.nth(index).getByRole('checkbox');
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await program.getByRole('button', { name: 'Delete selected (3)' }).click();
  await expect(page.getByText('3 exercises removed from the program')).toBeVisible();
  await expect(mine).toHaveCount(0);
});
