import { type Browser, chromium, expect, type Locator, type Page, test } from '@playwright/test';
import { chromiumLaunch } from './chromium.ts';
import { onboardedPatient, signInByCode } from './patient-support.ts';
import { slowMediaNetwork } from './slow-network.ts';
import { closeInitialNote, demo, signIn, snap } from './support.ts';

// Both browsers get Chromium's own camera and microphone (a test pattern and a tone) and allow them without asking.
const launchOptions = {
  ...chromiumLaunch,
  args: [
    ...chromiumLaunch.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
};
test.use({ launchOptions });

/** Seconds shown by a call's timer (m:ss). */
async function timerSeconds(timer: Locator) {
  const text = (await timer.textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** The other side's picture is coming in: the video has a size and its time moves on. */
async function expectMediaFlowing(page: Page, label: string) {
  const video = page.getByLabel(label, { exact: true });
  const playhead = () =>
    video.evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, time: element.currentTime }));
  await expect.poll(async () => (await playhead()).width, { timeout: 20_000 }).toBeGreaterThan(0);
  const before = (await playhead()).time;
  await expect.poll(async () => (await playhead()).time, { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
}

async function patientPhone(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch(launchOptions);
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  return { browser, page: await context.newPage() };
}

test('a therapist holds a video visit with a patient on the phone, through a dropped network, and it logs a live call', async ({
  page,
  request,
}) => {
  // Over a minute connected, two sign-ins and a network drop.
  test.setTimeout(150_000);
  const patient = await onboardedPatient(request, {
    firstName: 'Vera',
    lastNameStart: 'Visit',
    birthday: '1950-04-02',
  });
  const phone = await patientPhone();
  try {
    await signInByCode(phone.page, patient.phone);

    await signIn(page, demo.therapist.email, demo.therapist.password);
    await closeInitialNote(page);
    await page.goto(`/patient/${patient.id}/dashboard`);
    await page.getByRole('link', { name: 'Video visit' }).click();
    await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}/visit$`));
    const panel = page.getByRole('dialog', { name: `Video visit with ${patient.name}` });
    await expect(panel).toContainText('Your browser will ask to use your camera and microphone');
    await snap(page, 'visit-staff-intro');
    await panel.getByRole('button', { name: 'Start video visit' }).click();
    await expect(panel.getByRole('status').filter({ hasText: `Calling ${patient.name}…` })).toBeVisible();

    // The phone rings over Today; the patient answers with video.
    const ring = phone.page.getByRole('alertdialog', { name: 'Video visit' });
    await expect(ring).toContainText('is calling you for a video visit');
    await snap(phone.page, 'visit-patient-ring');
    await snap(page, 'visit-staff-ringing');
    await ring.getByRole('button', { name: 'Answer with video' }).click();
    await expect(phone.page).toHaveURL(/\/my\/visit\/\d+$/);
    const visitUrl = phone.page.url();

    const staffTimer = panel.getByRole('timer', { name: 'Time connected' });
    const phoneTimer = phone.page.getByRole('timer', { name: 'Time connected' });
    await expect(staffTimer).toBeVisible({ timeout: 30_000 });
    await expect(phoneTimer).toBeVisible();
    await expectMediaFlowing(page, 'Patient’s video');
    await expectMediaFlowing(phone.page, 'Your therapist’s video');
    await snap(page, 'visit-staff-call');
    await snap(phone.page, 'visit-patient-call');
    // The phone turned sideways.
    await phone.page.setViewportSize({ width: 740, height: 360 });
    await snap(phone.page, 'visit-patient-call');
    await phone.page.setViewportSize({ width: 360, height: 740 });

    // The mute button says whether it is pressed, and a second press undoes it.
    const mute = panel.getByRole('button', { name: 'Mute' });
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');

    // The phone loses its network for a few seconds: it says so, comes back, and joins the same visit.
    await phone.page.context().setOffline(true);
    await expect(phone.page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible({ timeout: 15_000 });
    await snap(phone.page, 'visit-patient-reconnecting');
    await phone.page.waitForTimeout(4000);
    await phone.page.context().setOffline(false);
    await expect(phone.page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeHidden({ timeout: 30_000 });
    expect(phone.page.url()).toBe(visitUrl);
    await expectMediaFlowing(page, 'Patient’s video');
    await expectMediaFlowing(phone.page, 'Your therapist’s video');

    // The network slows to 300 kbit/s for the media of both: each side says the connection is weak, and stops
    // saying so once the network is back.
    const weak = (on: Page | Locator) => on.getByRole('status').filter({ hasText: 'Weak connection' });
    const lift = slowMediaNetwork(300);
    if (lift) {
      try {
        await expect(weak(panel)).toBeVisible({ timeout: 30_000 });
        await expect(weak(phone.page)).toBeVisible({ timeout: 30_000 });
        await snap(phone.page, 'visit-patient-weak');
      } finally {
        lift();
      }
      await expect(weak(panel)).toBeHidden({ timeout: 40_000 });
      await expect(weak(phone.page)).toBeHidden({ timeout: 40_000 });
    } else {
      test.info().annotations.push({ type: 'skipped step', description: 'a slow network needs root for tc' });
    }

    // Past a minute together (with room for the seconds the phone was away), the therapist hangs up.
    await expect
      .poll(() => timerSeconds(staffTimer), { timeout: 100_000, intervals: [2000] })
      .toBeGreaterThanOrEqual(82);
    await panel.getByRole('button', { name: 'Hang up' }).click();
    await expect(panel).toContainText('Logged as a live call of 1 minute');
    await expect(phone.page.getByRole('heading', { name: 'The visit has ended' })).toBeVisible();
    await expect(phone.page.getByRole('link', { name: 'Back to Today' })).toBeVisible();
    await snap(phone.page, 'visit-patient-ended');

    const note = 'Knee flexion to 110° on video; keep the heel slides.';
    await panel.getByLabel('What did you discuss?').fill(note);
    await panel.getByRole('button', { name: 'Save note' }).click();
    await expect(panel.getByText('The note is saved.')).toBeVisible();
    await snap(page, 'visit-staff-ended');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}/dashboard$`));

    const logged = page.getByRole('list', { name: 'Logged calls' }).getByRole('listitem').first();
    await expect(logged).toContainText('Video call');
    await expect(logged).toContainText('1 min');
    await expect(logged).toContainText(note);
  } finally {
    await phone.browser.close();
  }
});
