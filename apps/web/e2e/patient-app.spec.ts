import { type Browser, expect, type Page, test } from '@playwright/test';
import { onboardedPatient, patientWithProgram, phonePage, serverToday, signInByCode } from './patient-support.ts';
import {
  closeInitialNote,
  demo,
  expectAccessible,
  expectNoSidewaysScroll,
  expectStyledField,
  signIn,
  snap,
} from './support.ts';

const exercise = (page: Page, title: string) => page.getByRole('article', { name: title });

/** No word on the screen is wider than the box it sits in (long Spanish words on narrow phones). */
async function expectNoClippedText(page: Page) {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1, h2, h3, p, dt, dd, button, a, legend, label)')]
      .filter((element) => !element.matches('.visually-hidden') && element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );
  expect(clipped).toEqual([]);
}

/** The therapist's window: the patient's dashboard on a desktop, at the progress week. */
async function therapistProgress(browser: Browser, patientId: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${patientId}/dashboard`);
  const progress = page.getByRole('region', { name: 'Progress' });
  await progress.scrollIntoViewIfNeeded();
  await expect(progress.getByRole('heading', { name: /^Week of .+ · Sunday to Saturday, this week$/ })).toBeVisible();
  return { page, progress, close: () => context.close() };
}

test('a patient signs in by code, does today’s exercises, rates pain and reads it all in Spanish', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients use their phones');
  test.setTimeout(150_000);
  const patient = await patientWithProgram(request, {
    firstName: 'Rosa',
    lastNameStart: 'Home',
    birthday: '1950-02-28',
  });

  // The therapist, in a window of their own, sees the new program with nothing done yet.
  const therapist = await therapistProgress(browser, patient.id);
  const engagement = therapist.progress.getByRole('definition').filter({ hasText: 'sessions' });
  await expect(engagement).toHaveText(/^0%\s+0 of 2 sessions done$/);
  const painChart = therapist.progress.getByRole('figure', { name: /^Pain/ });
  await expect(painChart).toContainText('no data in the week of');

  await page.goto('/patient/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'patient-login');
  await signInByCode(page, patient.phone);

  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(page.getByText('0 of 2 exercise sessions done today')).toBeVisible();
  const first = exercise(page, patient.titles[0]!);
  await expect(first.locator('video')).toHaveAttribute('playsinline', '');
  await expect(first).toContainText('Slowly, and stop if it hurts.');
  await expectAccessible(page);
  await snap(page, 'patient-today');

  // The first exercise: two sets, tapped one by one, then pain and difficulty.
  await expect(first.getByText('Set 1 of 2')).toBeVisible();
  await first.getByRole('button', { name: 'Mark set 1 done' }).click();
  await expect(first.getByText('Set 2 of 2')).toBeVisible();
  await first.getByRole('button', { name: 'Mark set 2 done' }).click();
  await first.getByRole('button', { name: 'Pain 3' }).click();
  await first.getByRole('button', { name: 'About right' }).click();
  await expectAccessible(page);
  await snap(page, 'patient-rating');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('Done today')).toBeVisible();

  // The second: one set, rated easy.
  const second = exercise(page, patient.titles[1]!);
  await second.getByRole('button', { name: 'Mark set 1 done' }).click();
  await second.getByRole('button', { name: 'Pain 2' }).click();
  await second.getByRole('button', { name: 'Easy' }).click();
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Done today')).toBeVisible();
  await expect(page.getByText('All done for today. Well done!')).toBeVisible();

  // The pain rated with the last exercise is today's pain; a later rating, in one tap, replaces it.
  const pain = page.getByRole('region', { name: 'How is your pain today?' });
  await expect(pain.getByText('Your pain today: 2 of 10')).toBeVisible();
  await pain.getByRole('button', { name: 'Change' }).click();
  await pain.getByRole('button', { name: 'Pain 4' }).click();
  await expect(pain.getByText('Your pain today: 4 of 10')).toBeVisible();

  // The therapist's progress week moves: both of today's sessions done, and pain charted.
  await therapist.page.reload();
  await therapist.progress.scrollIntoViewIfNeeded();
  await expect(engagement).toHaveText(/^100%\s+2 of 2 sessions done$/);
  // Pain 3 and 2 given with the exercises, then 4 rated on its own.
  await expect(painChart).toContainText(/Average 3\b/);
  await snap(therapist.page, 'therapist-progress-after-patient');
  await therapist.close();

  // Progress: the streak has begun and today's bar is full.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).click();
  await expect(page.getByText('1 day in a row')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Exercises done each day' })).toContainText('2 of 2 done');
  await expectAccessible(page);
  await snap(page, 'patient-progress');

  // Spanish, kept after a reload.
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Progreso', level: 1 })).toBeVisible();
  await expect(page.getByText('1 día seguido')).toBeVisible();
  await page.reload();
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Hoy' }).click();
  await expect(page.getByRole('heading', { name: 'Hoy', level: 1 })).toBeVisible();
  // In Spanish an exercise of the library shows its Spanish name, so the first card is found by its place.
  const firstExercise = page.getByRole('main').getByRole('article').first();
  await expect(firstExercise.getByText('Hecho hoy')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page);
  await snap(page, 'patient-today-es');

  // The smallest phones: one column, nothing sideways, big text and targets.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoClippedText(page);
  const again = firstExercise.getByRole('button', { name: 'Hacerlo otra vez' });
  expect((await again.boundingBox())?.height).toBeGreaterThanOrEqual(48);
  expect(Number.parseFloat(await again.evaluate((button) => getComputedStyle(button).fontSize))).toBeGreaterThanOrEqual(
    18,
  );
  await snap(page, 'patient-today-es');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' }).click();
  await expect(page.getByRole('heading', { name: 'Progress', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoClippedText(page);
  await snap(page, 'patient-progress');
});

test('a patient and the therapist chat live; the Chat tab shows unread messages until read', async ({
  browser,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients use their phones');
  const patient = await patientWithProgram(request, {
    firstName: 'Rosa',
    lastNameStart: 'Home',
    birthday: '1950-02-28',
  });

  const patientPage = await phonePage(browser);
  await signInByCode(patientPage, patient.phone);
  const chatTab = patientPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Chat/ });
  await expect(chatTab).toHaveAccessibleName('Chat');

  // The therapist opens the patient's conversation and writes.
  const therapist = await phonePage(browser);
  await signIn(therapist, demo.therapist.email, demo.therapist.password);
  await therapist.goto(`/chat?patient=${patient.id}`);
  await expect(therapist).toHaveURL(/\/chat\/\d+\/messages$/);
  const question = `How is the knee today? ${Date.now()}`;
  await therapist.getByLabel('Message', { exact: true }).fill(question);
  await therapist.getByRole('button', { name: 'Send' }).click();
  await expect(therapist.getByRole('list', { name: 'Messages' }).locator('li', { hasText: question })).toContainText(
    'Sent',
  );

  // The patient, on Today, sees the badge arrive without reloading.
  await expect(chatTab.getByTestId('chat-unread-badge')).toHaveText('1');
  await expect(chatTab).toHaveAccessibleName('Chat, 1 unread message');
  await snap(patientPage, 'patient-chat-unread');

  // Opening Chat reads it: the badge clears. The patient answers.
  await chatTab.click();
  const messages = patientPage.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText(question);
  await expect(chatTab.getByTestId('chat-unread-badge')).toHaveCount(0);
  // The live connection that brought the badge also carries the answer: no HTTP send.
  const httpSends: string[] = [];
  patientPage.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/chat/message')) httpSends.push(r.url());
  });
  const answer = `Better, pain is down to 3 ${Date.now()}`;
  await expectStyledField(patientPage.getByLabel('Message', { exact: true }));
  await patientPage.getByLabel('Message', { exact: true }).fill(answer);
  await patientPage.getByRole('button', { name: 'Send' }).click();
  await expect(messages.locator('li', { hasText: answer })).toContainText('Sent');
  expect(httpSends).toEqual([]);
  await expectAccessible(patientPage);
  await snap(patientPage, 'patient-chat');

  // The therapist sees the answer live, from the patient.
  const received = therapist.getByRole('list', { name: 'Messages' }).locator('li', { hasText: answer });
  await expect(received).toContainText(patient.name);

  // A live message while the patient reads the conversation is read at once: no badge.
  const followUp = `Great, keep going ${Date.now()}`;
  await therapist.getByLabel('Message', { exact: true }).fill(followUp);
  await therapist.getByRole('button', { name: 'Send' }).click();
  await expect(messages).toContainText(followUp);
  await expect(chatTab.getByTestId('chat-unread-badge')).toHaveCount(0);

  await patientPage.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(patientPage);
  await expectNoClippedText(patientPage);
  await snap(patientPage, 'patient-chat');
  await patientPage.context().close();
  await therapist.context().close();
});

test('sets marked done are saved at once, survive a reload without Save, and wait on the phone while offline', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients use their phones');
  const patient = await patientWithProgram(request, {
    firstName: 'Rosa',
    lastNameStart: 'Home',
    birthday: '1950-02-28',
  });
  await signInByCode(page, patient.phone);

  const first = exercise(page, patient.titles[0]!);
  await first.getByRole('button', { name: 'Mark set 1 done' }).click();
  await first.getByRole('button', { name: 'Mark set 2 done' }).click();
  await expect(first.getByText('2 sets done')).toBeVisible();
  await expect(first.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(first.getByText('2 sets done')).toBeVisible();
  expect((await serverToday(page, request)).items[0]).toMatchObject({ done_today: 1, last_log: { sets_done: 2 } });

  // Offline: the set is kept on the phone and says so; the server has nothing yet.
  await page.context().setOffline(true);
  const second = exercise(page, patient.titles[1]!);
  await second.getByRole('button', { name: 'Mark set 1 done' }).click();
  await expect(second.getByText('Kept on this phone. It will be sent when you are back online.')).toBeVisible();
  await snap(page, 'patient-today-offline');
  expect((await serverToday(page, request)).items[1]).toMatchObject({ done_today: 0 });
  await page.context().setOffline(false);
  await expect(second.getByText('Saved', { exact: true })).toBeVisible();
  expect((await serverToday(page, request)).items[1]).toMatchObject({ done_today: 1, last_log: { sets_done: 1 } });
});

test('the exercise video shows Spanish captions to a patient reading Spanish, and keeps the captions chosen', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'patients use their phones');
  const patient = await onboardedPatient(request, {
    firstName: 'Elena',
    lastNameStart: 'Caption',
    birthday: '1948-06-12',
  });
  const { headers } = patient.staff;
  // The demo library's Quad Sets carries English and Spanish captions; its clip plays once the server processed it.
  let videoId = 0;
  await expect
    .poll(
      async () => {
        const list = await request.get('/video/list?scope=global&search=Quad%20Sets&status=ready', { headers });
        const { results } = (await list.json()) as { results: { id: number; title: string }[] };
        videoId = results.find((video) => video.title === 'Quad Sets')?.id ?? 0;
        return videoId;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  const program = await request.post(`/video/hep/therapist/${patient.id}`, {
    headers,
    data: [{ video_id: videoId, sets: 2, reps: 10 }],
  });
  expect(program.status()).toBe(201);

  await signInByCode(page, patient.phone);
  await page.getByRole('button', { name: 'Español' }).click();
  const video = exercise(page, 'Contracción de cuádriceps').locator('video');
  await expect(video.locator('track')).toHaveCount(2);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  // The Spanish track shows, and its first caption is on the screen while the clip plays.
  const onScreen = () =>
    video.evaluate((element: HTMLVideoElement) =>
      [...element.textTracks]
        .filter((track) => track.mode === 'showing')
        .map((track) => `${track.language}: ${[...(track.activeCues ?? [])].map((cue) => (cue as VTTCue).text)}`),
    );
  await expect.poll(onScreen).toEqual(['es: Contracción de cuádriceps: un ejercicio para la rodilla']);
  // Opened again, the app still in Spanish: the Spanish track still shows, and nothing was taken for a choice.
  await page.reload();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => [...element.textTracks].map((t) => t.mode)))
    .toEqual(['disabled', 'showing']);
  expect(await page.evaluate(() => localStorage.getItem('rehabit.captions'))).toBeNull();

  // English picked in the player's captions menu (a touch on the player opens it) is kept for the next visit,
  // though the app stays in Spanish.
  await video.evaluate((element: HTMLVideoElement) => {
    element.dispatchEvent(new PointerEvent('pointerdown'));
    for (const track of element.textTracks) track.mode = track.language === 'en' ? 'showing' : 'disabled';
  });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('rehabit.captions'))).toBe('en');
  await page.reload();
  await expect(video.locator('track[srclang="en"]')).toHaveJSProperty('default', true);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => [...element.textTracks].map((t) => t.mode)))
    .toEqual(['showing', 'disabled']);
});
