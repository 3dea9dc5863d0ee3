import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { closeInitialNote, demo, expectAccessible, expectNoSidewaysScroll, signIn, snap } from './support.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** A two-second WebM made at test time (Chromium always plays VP8); the bundled MP4 when ffmpeg is missing. */
function makeClip(): string {
  const dir = join(here, '..', 'test-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'e2e-clip.webm');
  try {
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-t', '2'].concat([
        '-c:v',
        'libvpx',
        '-b:v',
        '300k',
        file,
      ]),
    );
    return file;
  } catch {
    return join(here, '..', '..', 'api', 'src', 'seed', 'assets', 'demo-clip.mp4');
  }
}

test('a therapist uploads a video, plays it, edits it and shares it in a folder', async ({
  page,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'one journey on the desktop layout');
  const stamp = Date.now().toString(36);
  const title = `Sit to stand ${stamp}`;
  const folder = `Knee class ${stamp}`;

  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto('/exercise-upload');
  await expect(page.getByRole('heading', { name: 'Upload video', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Untitled Video');
  await page.getByLabel('Choose a video').setInputFiles(makeClip());
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Upload video' }).click();
  await expect(page.getByTestId('upload-percent')).toHaveText('100%', { timeout: 30_000 });

  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible({ timeout: 30_000 });
  await expect(player).toHaveAttribute('poster', /\/video-host\/poster\//);
  const poster = await page.request.get((await player.getAttribute('poster'))!);
  expect(poster.headers()['content-type']).toBe('image/jpeg');
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  await snap(page, 'video-uploaded');

  await page.getByRole('link', { name: 'Edit details' }).click();
  await expect(page.getByRole('heading', { name: 'Edit video', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (chair)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Video saved')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/exercise-library');
  await page.getByLabel('New folder').fill(folder);
  await page.getByRole('button', { name: 'Create folder' }).click();
  const sidebar = page.getByRole('navigation', { name: 'Folders' });
  await expect(sidebar.getByRole('button', { name: new RegExp(`^${folder}`) })).toBeVisible();
  await page.getByLabel('Search videos').fill(stamp);
  await expect(page.getByText('1 video', { exact: true })).toBeVisible();
  await page.getByLabel(`Select ${title} (chair)`).check();
  await page.getByRole('button', { name: 'Add to folders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to folders' });
  await dialog.getByLabel(folder).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Video added to the folder')).toBeVisible();
  await page.getByRole('button', { name: `Actions for folder ${folder}` }).click();
  await page.getByRole('menuitem', { name: 'Share with clinic' }).click();
  await expect(page.getByText('Folder shared with your clinic')).toBeVisible();
  await sidebar.getByRole('button', { name: new RegExp(`^${folder}`) }).click();
  await expect(page.getByRole('link', { name: `${title} (chair)` })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'exercise-library-folder');

  // A colleague sees the shared folder and its video.
  const colleague = await browser.newPage();
  await signIn(colleague, demo.manager.email, demo.manager.password);
  await colleague.goto('/exercise-library');
  const shared = colleague
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('button', { name: new RegExp(`^${folder}`) });
  await shared.click();
  await expect(colleague.getByRole('link', { name: `${title} (chair)` })).toBeVisible();
  await colleague.close();
});

test('on a phone, a therapist uploads a video, sees it ready and saves its details', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone layout of the upload journey');
  const stamp = Date.now().toString(36);
  const title = `Heel raise ${stamp}`;
  const mainMenu = page.getByRole('navigation', { name: 'Main' });

  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await expect(mainMenu).toBeVisible();
  await page.goto('/exercise-upload');
  await expect(page.getByRole('heading', { name: 'Upload video', level: 1 })).toBeVisible();
  // The exercise screens give the whole height to the work: no bottom menu.
  await expect(mainMenu).toBeHidden();
  await expectNoSidewaysScroll(page);
  await snap(page, 'video-upload-empty');

  await page.getByLabel('Choose a video').setInputFiles(makeClip());
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Upload video' }).click();
  await expect(page.getByTestId('upload-percent')).toHaveText('100%', { timeout: 30_000 });
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible({ timeout: 30_000 });
  await expect(player).toHaveAttribute('poster', /\/video-host\/poster\//);
  const box = await player.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'video-uploaded');

  await page.getByRole('link', { name: 'Edit details' }).click();
  await expect(page.getByRole('heading', { name: 'Edit video', level: 1 })).toBeVisible();
  await expect(mainMenu).toBeHidden();
  await page.getByLabel('Reps').fill('12');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (wall)`);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Video saved')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'video-edit');

  await page.goto('/exercise-library');
  await expect(page.getByRole('heading', { name: 'Exercise library', level: 1 })).toBeVisible();
  await expect(mainMenu).toBeHidden();
  await page.getByLabel('Search videos').fill(stamp);
  await expect(page.getByText('1 video', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `${title} (wall)` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'exercise-library-search');
  // The list keeps the title, status and edit link on a phone; the other columns would push past the edge.
  await page.getByRole('button', { name: 'List view' }).click();
  const table = page.getByRole('table', { name: 'Videos' });
  await expect(table.getByRole('button', { name: `${title} (wall)` })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Body part' })).toBeHidden();
  await expect(table.getByRole('link', { name: `Edit ${title} (wall)` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'exercise-library-list');
});

test('an upload survives a page reload and continues where it stopped', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one journey on the desktop layout');
  const stamp = Date.now().toString(36);
  const title = `Reload ${stamp}`;
  // 6 MB behind a WebM header, sent at 1 MB/s so the reload lands mid-upload.
  const file = join(here, '..', 'test-results', `reload-${stamp}.webm`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([Buffer.from('1a45dfa3', 'hex'), randomBytes(6 * 1024 * 1024)]));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });

  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto('/exercise-upload');
  await page.getByLabel('Choose a video').setInputFiles(file);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Upload video' }).click();
  const percent = page.getByTestId('upload-percent');
  await expect.poll(async () => Number.parseInt((await percent.textContent()) ?? '0', 10)).toBeGreaterThanOrEqual(20);
  await page.reload();

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('note')).toContainText(`reload-${stamp}.webm`);
  await page.getByLabel('Choose a video').setInputFiles(file);
  await expect(page.getByText('This file continues its earlier, interrupted upload.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  const tusCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/tus/')) tusCalls.push(request.method());
  });
  await page.getByRole('button', { name: 'Resume upload' }).click();
  await expect(percent).toHaveText('100%', { timeout: 30_000 });
  // Resumed, not restarted: the offset is asked for (HEAD) and no new upload is created (POST).
  expect(tusCalls).toContain('HEAD');
  expect(tusCalls).not.toContain('POST');

  // One video, not two: the resumed upload finished the record it started.
  await page.goto('/exercise-library');
  await page.getByLabel('Search videos').fill(stamp);
  await expect(page.getByText('1 video', { exact: true })).toBeVisible();
});
