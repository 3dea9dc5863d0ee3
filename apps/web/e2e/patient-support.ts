import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { demoTherapistHeaders, latestSmsCode, uniquePhone, uniqueWord } from './support.ts';

// The patient side's journeys start alike: a new patient of the demo clinic, made through the API as the staff
// screens would, then signed in on a phone with the code the demo outbox holds.

/** The demo therapist's session for API calls, and their own user id. */
export async function therapistApi(request: APIRequestContext) {
  const headers = await demoTherapistHeaders(request);
  const me = (await (await request.get('/api/v1/users/', { headers })).json()) as { results: { id: number }[] };
  return { headers, userId: me.results[0]!.id };
}

type NewPatient = { firstName: string; lastNameStart: string; birthday: string; diagnosis?: string };

/** A new patient of the demo clinic, registered and onboarded by the demo therapist, with a phone of their own. */
export async function onboardedPatient(request: APIRequestContext, patient: NewPatient) {
  const staff = await therapistApi(request);
  const phone = uniquePhone();
  const lastName = `${patient.lastNameStart}${uniqueWord()}`;
  const registered = await request.post('/clinic/patient/register', {
    headers: staff.headers,
    data: {
      first_name: patient.firstName,
      last_name: lastName,
      phone,
      selected_code: '+1',
      birthday: patient.birthday,
    },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const onboarded = await request.post(`/api/v1/patients/${id}/onboard/`, {
    headers: staff.headers,
    data: { diagnosis: patient.diagnosis ?? 'M17.11', therapist: staff.userId },
  });
  expect(onboarded.status()).toBe(200);
  return { id, phone, name: `${patient.firstName} ${lastName}`, staff };
}

/** A new onboarded patient whose therapist gave them a two-exercise program of the demo library's clips. */
export async function patientWithProgram(request: APIRequestContext, patient: NewPatient) {
  const made = await onboardedPatient(request, patient);
  const { headers } = made.staff;
  // The demo clips get their posters when the server starts; two playable ones make the program.
  let videos: { id: number; title: string; status: string }[] = [];
  await expect
    .poll(
      async () => {
        const list = await request.get('/video/list?page_size=50', { headers });
        const { results } = (await list.json()) as { results: typeof videos };
        videos = results.filter((video) => video.status === 'ready').slice(0, 2);
        return videos.length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  const program = await request.post(`/video/hep/therapist/${made.id}`, {
    headers,
    data: [
      { video_id: videos[0]!.id, sets: 2, reps: 10, hold_seconds: 5, description: 'Slowly, and stop if it hurts.' },
      { video_id: videos[1]!.id, sets: 1, reps: 8 },
    ],
  });
  expect(program.status()).toBe(201);
  return { ...made, titles: videos.map((video) => video.title) };
}

/** Signs in on the patient's sign-in page with the code texted to the phone, and lands on Today. */
export async function signInByCode(page: Page, phone: string) {
  await page.goto('/patient/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  const code = await latestSmsCode(page, `+1${phone}`);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/my\/today$/);
}

/** A phone of its own beside the journey's page, for a second person (a patient, or staff on the go). */
export async function phonePage(browser: Browser, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  return context.newPage();
}

/** Today as the server has it, asked with the patient's session from outside the (maybe offline) page. */
export async function serverToday(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => window.localStorage.getItem('rehabit.access_token'));
  const today = await request.get('/api/v1/patient/program/today/', { headers: { Authorization: `Bearer ${token}` } });
  return (await today.json()) as { items: { done_today: number; last_log: { sets_done: number } | null }[] };
}
