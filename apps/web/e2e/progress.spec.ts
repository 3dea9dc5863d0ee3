import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import {
  closeInitialNote,
  demo,
  demoTherapistHeaders,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  snap,
} from './support.ts';

type Listed = { id: number; episode_started_at: string | null };

/** The demo patient whose open episode began longest ago: months of history to chart. */
async function longestEpisode(request: APIRequestContext) {
  const headers = await demoTherapistHeaders(request);
  const res = await request.get('/api/v1/patients/?status=onboarded&page_size=100', { headers });
  const { results } = (await res.json()) as { results: Listed[] };
  const oldest = results
    .filter((p) => p.episode_started_at !== null)
    .sort((a, b) => a.episode_started_at!.localeCompare(b.episode_started_at!))[0];
  expect(oldest, 'an onboarded demo patient').toBeTruthy();
  return oldest!.id;
}

/** How many pixels of the canvas hold something: Chart.js drew the chart when many do. */
const drawnPixels = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let drawn = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) drawn += 1;
    return drawn;
  });

/** The numbers written on a week chart's axes. */
const axisNumbers = (figure: Locator) =>
  figure.locator('.week-chart__axis text').evaluateAll((texts) =>
    texts
      .map((t) => t.textContent ?? '')
      .filter((t) => /^[\d.,]+K?$/.test(t))
      .map((t) => (t.endsWith('K') ? Number(t.slice(0, -1)) * 1000 : Number(t.replace(',', '')))),
  );

test('the progress of a patient with months of history opens on the trend, read by pointer and keyboard, and opens a week', async ({
  page,
  request,
}, testInfo) => {
  const patientId = await longestEpisode(request);
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${patientId}/dashboard`);

  const progress = page.getByRole('region', { name: 'Progress' });
  await progress.scrollIntoViewIfNeeded();
  const figure = progress.getByRole('figure', { name: 'Engagement, pain and steps by week' });
  await expect(figure).toBeVisible();
  await expect(progress.getByRole('radio', { name: 'Trend' })).toBeChecked();
  await expect(progress.getByRole('heading', { level: 3 })).toContainText(
    /^Week of .+ to the week of .+ · Episode since/,
  );
  // Chart.js drew the weeks on the canvas; the outcome assessments of the demo episode are listed by number.
  const canvas = figure.locator('canvas');
  await expect.poll(() => drawnPixels(canvas)).toBeGreaterThan(2_000);
  await expect(
    figure.getByRole('list', { name: 'Outcome measures marked on the chart' }).getByRole('listitem').first(),
  ).toContainText(/^1 \w{3} \d+, \d{4}: NPRS \d+/);
  await snap(page, 'progress-trend');

  // Pointing at a week (tapping it on a phone) reads it under the chart.
  const slider = figure.getByRole('slider', { name: 'Week of the trend' });
  const latest = await slider.getAttribute('aria-valuetext');
  expect(latest).toMatch(/^Week of \w{3} \d+, \d{4}: engagement (\d+%|no data), pain .+, steps .+\.$/);
  const box = (await canvas.boundingBox())!;
  const middle = { x: box.width * 0.5, y: box.height * 0.5 };
  if (testInfo.project.use.hasTouch) await canvas.tap({ position: middle });
  else await canvas.hover({ position: middle });
  await expect(slider).not.toHaveAttribute('aria-valuetext', latest!);
  await expect(figure.getByRole('button', { name: /^Open the week of / })).toBeVisible();

  // From the keyboard: Tab reaches the chart, arrows move week by week, Enter opens the week.
  await progress.getByRole('radio', { name: 'Trend' }).focus();
  await page.keyboard.press('Tab');
  await expect(slider).toBeFocused();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', latest!);
  await page.keyboard.press('ArrowLeft');
  const before = Number(await slider.getAttribute('aria-valuenow'));
  expect(before).toBe(Number(await slider.getAttribute('aria-valuemax')) - 1);
  const name = /^Week of \w{3} \d+, \d{4}/.exec((await slider.getAttribute('aria-valuetext')) ?? '')?.[0];
  await snap(page, 'progress-trend-keyboard');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Enter');
  await expect(progress.getByRole('heading', { name: `${name} · Sunday to Saturday, last week` })).toBeVisible();
  await expect(progress.getByRole('heading', { name: 'Progress' })).toBeFocused();

  // The week's tables name the week; its distribution axes stay inside each measure's range.
  await expect(progress.getByRole('columnheader', { name: name! })).toBeVisible();
  await progress.getByRole('group', { name: 'Chart' }).getByText('Distribution').click();
  const engagement = progress.getByRole('figure', { name: /^Engagement/ });
  await expect(engagement).toContainText(/Engagement (across|: no data)/);
  for (const value of await axisNumbers(engagement)) expect(value).toBeLessThanOrEqual(100);
  for (const value of await axisNumbers(progress.getByRole('figure', { name: /^Pain/ }))) {
    expect(value).toBeLessThanOrEqual(10);
  }
  await snap(page, 'progress-week-distribution');
  await expectAccessible(page);
});
