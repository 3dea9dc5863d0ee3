import { VIDEO_DEFAULTS } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { EXERCISE_OUTBOX_KEY, useExerciseOutbox } from './lib/exercise-outbox.ts';
import { makeToday, makeTodayItem, patientRoutes } from './patient-fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const savedLog = (body: Record<string, unknown>) => ({
  status: 201,
  body: {
    id: 1,
    hep_id: body.hep_id,
    sets_done: body.sets_done,
    reps_done: null,
    pain: body.pain ?? null,
    difficulty: body.difficulty ?? null,
    note: '',
    performed_at: '2026-03-04T15:00:00.000Z',
    date: '2026-03-04',
    client_id: body.client_id,
  },
});

const openToday = async (routes = patientRoutes()) => {
  const api = fixtureApi(routes);
  const app = renderApp('/my/today', { token: 'patient-token' });
  await screen.findByRole('heading', { name: 'Today', level: 1 });
  return { api, app };
};

describe('today', () => {
  beforeEach(() => {
    changeLanguage('en');
    useExerciseOutbox.setState({ pending: {}, delivery: {} });
  });

  it('shows each exercise as a card: video inline with its poster, dosage and the therapist notes', async () => {
    await openToday();
    const card = await screen.findByRole('article', { name: 'Exercise 1' });
    const video = within(card).getByLabelText('Video: Exercise 1') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/video/play/501.jpg');
    expect(within(card).getByText('Sets').nextElementSibling).toHaveTextContent('3');
    expect(within(card).getByText('Reps').nextElementSibling).toHaveTextContent('10');
    expect(within(card).getByText('Hold').nextElementSibling).toHaveTextContent('5 s');
    expect(within(card).getByText('Once a day')).toBeInTheDocument();
    expect(within(card).getByText('Keep your back straight.')).toBeInTheDocument();
    expect(screen.getByText('0 of 1 exercise session done today')).toBeInTheDocument();
  });

  it('saves each set at once in one session log, and adds the optional rating to that same log', async () => {
    const { api, app } = await openToday();
    api.set('POST /api/v1/patient/exercise-logs/', (request) => savedLog(request.body as Record<string, unknown>));
    const card = await screen.findByRole('article', { name: 'Exercise 1' });

    expect(within(card).getByText('Set 1 of 3')).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 1 done' }));
    expect(within(card).getByText('Set 2 of 3')).toBeInTheDocument();
    // Saved at once, before any rating or Save.
    await waitFor(() => expect(api.calls('POST /api/v1/patient/exercise-logs/')).toHaveLength(1));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 2 done' }));
    await waitFor(() => expect(api.calls('POST /api/v1/patient/exercise-logs/')).toHaveLength(2));
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 3 done' }));
    await waitFor(() => expect(api.calls('POST /api/v1/patient/exercise-logs/')).toHaveLength(3));

    expect(within(card).getByText('3 sets done')).toBeInTheDocument();
    const painButtons = within(card).getAllByRole('button', { name: /^Pain \d+$/ });
    expect(painButtons.map((button) => button.textContent)).toEqual(
      Array.from({ length: 11 }, (_, value) => String(value)),
    );
    await app.user.click(within(card).getByRole('button', { name: 'Pain 4' }));
    expect(within(card).getByRole('button', { name: 'Pain 4' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(within(card).getByRole('button', { name: 'About right' }));
    await app.user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText('Done today')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST /api/v1/patient/exercise-logs/')).toHaveLength(4));
    const bodies = api.calls('POST /api/v1/patient/exercise-logs/').map((call) => call.body);
    const clientId = (bodies[0] as { client_id: string }).client_id;
    expect(clientId).toMatch(UUID);
    const performedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    const sentAt = performedAt;
    expect(bodies).toEqual([
      { hep_id: 1, sets_done: 1, client_id: clientId, performed_at: performedAt, sent_at: sentAt },
      { hep_id: 1, sets_done: 2, client_id: clientId, performed_at: performedAt, sent_at: sentAt },
      { hep_id: 1, sets_done: 3, client_id: clientId, performed_at: performedAt, sent_at: sentAt },
      {
        hep_id: 1,
        sets_done: 3,
        pain: 4,
        difficulty: 'right',
        client_id: clientId,
        performed_at: performedAt,
        sent_at: sentAt,
      },
    ]);
  });

  it('keeps sets done offline on the phone, says so, and sends them when the network is back', async () => {
    const { api, app } = await openToday();
    api.set('POST /api/v1/patient/exercise-logs/', () => {
      throw new TypeError('Failed to fetch');
    });
    const card = await screen.findByRole('article', { name: 'Exercise 1' });
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 1 done' }));
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 2 done' }));

    expect(
      await within(card).findByText('Kept on this phone. It will be sent when you are back online.'),
    ).toBeInTheDocument();
    const kept = JSON.parse(window.localStorage.getItem(EXERCISE_OUTBOX_KEY) ?? '{}');
    expect(Object.values(kept)).toMatchObject([{ hep_id: 1, sets_done: 2, user_id: 300, day: '2026-03-04' }]);

    api.set('POST /api/v1/patient/exercise-logs/', (request) => savedLog(request.body as Record<string, unknown>));
    window.dispatchEvent(new Event('online'));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    const sent = api.calls('POST /api/v1/patient/exercise-logs/').at(-1);
    expect(sent?.body).toMatchObject({ hep_id: 1, sets_done: 2 });
    expect(JSON.parse(window.localStorage.getItem(EXERCISE_OUTBOX_KEY) ?? '{}')).toEqual({});
    // The sent session goes on: the next set updates the same log.
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 3 done' }));
    await waitFor(() =>
      expect(api.calls('POST /api/v1/patient/exercise-logs/').at(-1)?.body).toMatchObject({
        sets_done: 3,
        client_id: (sent!.body as { client_id: string }).client_id,
      }),
    );
  });

  it('resumes a session kept on the phone after a reload, and sends it when the network is back', async () => {
    const clientId = '8f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    window.localStorage.setItem(
      EXERCISE_OUTBOX_KEY,
      JSON.stringify({
        [clientId]: {
          hep_id: 1,
          client_id: clientId,
          sets_done: 2,
          performed_at: '2026-03-04T15:00:00.000Z',
          user_id: 300,
          day: '2026-03-04',
          version: 2,
        },
      }),
    );
    useExerciseOutbox.setState({ pending: JSON.parse(window.localStorage.getItem(EXERCISE_OUTBOX_KEY)!) });
    const api = fixtureApi({
      ...patientRoutes(),
      'POST /api/v1/patient/exercise-logs/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/my/today', { token: 'patient-token' });
    const card = await screen.findByRole('article', { name: 'Exercise 1' });
    expect(within(card).getByText('Set 3 of 3')).toBeInTheDocument();
    expect(
      await within(card).findByText('Kept on this phone. It will be sent when you are back online.'),
    ).toBeInTheDocument();

    api.set('POST /api/v1/patient/exercise-logs/', (request) => savedLog(request.body as Record<string, unknown>));
    window.dispatchEvent(new Event('online'));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patient/exercise-logs/').at(-1)?.body).toEqual({
      hep_id: 1,
      client_id: clientId,
      sets_done: 2,
      performed_at: '2026-03-04T15:00:00.000Z',
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("never sends another patient's kept session, and shows a refused one as not saved", async () => {
    useExerciseOutbox.setState({
      pending: {
        other: {
          hep_id: 1,
          client_id: 'other',
          sets_done: 1,
          performed_at: '2026-03-04T15:00:00.000Z',
          user_id: 999,
          day: '2026-03-04',
          version: 1,
        },
      },
    });
    const { api, app } = await openToday();
    api.set('POST /api/v1/patient/exercise-logs/', problem(404, 'not_found', 'No such exercise in your program'));
    const card = await screen.findByRole('article', { name: 'Exercise 1' });
    expect(within(card).getByText('Set 1 of 3')).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Mark set 1 done' }));
    expect(await within(card).findByText('This could not be saved. Ask your clinic for help.')).toBeInTheDocument();
    expect(
      api.calls('POST /api/v1/patient/exercise-logs/').map((call) => (call.body as { client_id: string }).client_id),
    ).not.toContain('other');
    expect(Object.keys(useExerciseOutbox.getState().pending)).toEqual(['other']);
  });

  it('shows an exercise already done today as done, and lets it be done again', async () => {
    const { app } = await openToday(patientRoutes(makeToday([makeTodayItem(1, { done_today: 1 })])));
    const card = await screen.findByRole('article', { name: 'Exercise 1' });
    expect(within(card).getByText('Done today')).toBeInTheDocument();
    expect(screen.getByText('All done for today. Well done!')).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Do it again' }));
    expect(within(card).getByText('Set 1 of 3')).toBeInTheDocument();
  });

  it('counts the day in exercise sessions (each exercise once for each time of day), not in exercises or sets, in both languages', async () => {
    // One exercise of three sets, twice a day, done once: one of two sessions, whatever the sets.
    const today = makeToday([makeTodayItem(1, { sets: 3, times_per_day: 2, done_today: 1, due_today: 2 })]);
    const { app } = await openToday(patientRoutes(today));
    expect(await screen.findByText('1 of 2 exercise sessions done today')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('1 de 2 sesiones de ejercicio hechas hoy')).toBeInTheDocument();
  });

  it('says all is done for the day in correct Spanish', async () => {
    const { app } = await openToday(patientRoutes(makeToday([makeTodayItem(1, { done_today: 1 })])));
    await app.user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('¡Todo listo por hoy! ¡Muy bien!')).toBeInTheDocument();
  });

  it('says the therapist has not added exercises yet when there is no program', async () => {
    await openToday(patientRoutes(makeToday([])));
    expect(
      await screen.findByText("Your therapist hasn't added exercises yet. They will appear here."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // Pain and steps can be told without a program.
    expect(screen.getByRole('heading', { name: 'How is your pain today?' })).toBeInTheDocument();
  });

  it('saves today’s pain with one tap, as a manual pain reading', async () => {
    const { api, app } = await openToday();
    api.set('POST /api/v1/patient/health-data/', { status: 201, body: { created: 1, duplicates: 0 } });
    const painCard = await screen.findByRole('region', { name: 'How is your pain today?' });
    await app.user.click(within(painCard).getByRole('button', { name: 'Pain 7' }));

    expect(await within(painCard).findByText('Your pain today: 7 of 10')).toBeInTheDocument();
    const [call] = api.calls('POST /api/v1/patient/health-data/');
    expect(call?.body).toEqual({
      source: 'manual',
      entries: [{ kind: 'painlevel', value: 7, measured_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
    });
  });

  it('adds steps to the day and refuses what is not a number of steps', async () => {
    const { api, app } = await openToday();
    api.set('POST /api/v1/patient/health-data/', { status: 201, body: { created: 1, duplicates: 0 } });
    const stepsCard = await screen.findByRole('region', { name: 'Steps today' });
    const field = within(stepsCard).getByLabelText('Steps to add');
    await app.user.type(field, 'lots');
    await app.user.click(within(stepsCard).getByRole('button', { name: 'Save' }));
    expect(within(stepsCard).getByText('Enter a number from 0 to 100,000')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patient/health-data/')).toHaveLength(0);

    await app.user.clear(field);
    await app.user.type(field, '2,500');
    await app.user.click(within(stepsCard).getByRole('button', { name: 'Save' }));
    expect(await within(stepsCard).findByText('Saved: 2,500 steps')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patient/health-data/')[0]?.body).toMatchObject({
      source: 'manual',
      entries: [{ kind: 'steps', value: 2500 }],
    });
  });

  it('renders in Spanish when Spanish is chosen', async () => {
    fixtureApi(patientRoutes());
    const app = renderApp('/my/today', { token: 'patient-token' });
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    await app.user.click(screen.getByRole('button', { name: 'Español' }));

    expect(await screen.findByRole('heading', { name: 'Hoy', level: 1 })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Exercise 1' });
    expect(within(card).getByText('Serie 1 de 3')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Terminé la serie 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¿Cómo está su dolor hoy?' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(tabs).getByRole('link', { name: 'Progreso' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });

  it("shows a video's Spanish title and instructions to a patient reading Spanish, else the English ones", async () => {
    const translated = makeTodayItem(1, {
      video: {
        ...makeTodayItem(1).video,
        title: 'Heel Slides',
        description: 'Slide your heel toward you.',
        title_es: 'Deslizamiento de talón',
        description_es: 'Deslice el talón hacia usted.',
      },
    });
    const english = makeTodayItem(2, {
      video: { ...makeTodayItem(2).video, title: 'Quad Sets', description: 'Press your knee down.' },
    });
    fixtureApi(patientRoutes(makeToday([translated, english])));
    const app = renderApp('/my/today', { token: 'patient-token' });
    const heel = await screen.findByRole('article', { name: 'Heel Slides' });
    expect(within(heel).getByRole('heading', { name: 'How to do it' }).nextElementSibling).toHaveTextContent(
      'Slide your heel toward you.',
    );

    await app.user.click(screen.getByRole('button', { name: 'Español' }));
    const talon = await screen.findByRole('article', { name: 'Deslizamiento de talón' });
    expect(within(talon).getByLabelText('Video: Deslizamiento de talón')).toBeInTheDocument();
    expect(within(talon).getByRole('heading', { name: 'Cómo hacerlo' }).nextElementSibling).toHaveTextContent(
      'Deslice el talón hacia usted.',
    );
    // Not translated: the English stays.
    const quad = screen.getByRole('article', { name: 'Quad Sets' });
    expect(within(quad).getByText('Press your knee down.')).toBeInTheDocument();
  });

  it('names an exercise saved without a title by its place, in Spanish too, never "Untitled Video"', async () => {
    const untitled = makeTodayItem(2, {
      video: { ...makeTodayItem(2).video, title: VIDEO_DEFAULTS.title },
      description: '',
    });
    fixtureApi(patientRoutes(makeToday([makeTodayItem(1), untitled])));
    const app = renderApp('/my/today', { token: 'patient-token' });
    const card = await screen.findByRole('article', { name: 'Exercise 2' });
    expect(within(card).getByLabelText('Video: Exercise 2')).toBeInTheDocument();
    // The therapist wrote no notes: no heading for them either.
    expect(within(card).queryByText("Your therapist's notes")).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Español' }));
    const spanish = await screen.findByRole('article', { name: 'Ejercicio 2' });
    expect(within(spanish).getByLabelText('Video: Ejercicio 2')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(VIDEO_DEFAULTS.title);
  });
});
