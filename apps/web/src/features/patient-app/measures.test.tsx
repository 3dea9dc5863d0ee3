import type { DueMeasure } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { patientRoutes } from './patient-fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const nprs: DueMeasure = { assignment_id: 5, measure: 'nprs', due_on: '2026-03-04', previous_activities: [] };
const psfs: DueMeasure = {
  assignment_id: 6,
  measure: 'psfs',
  due_on: '2026-03-04',
  previous_activities: ['Climbing stairs', 'Gardening', 'Lifting my grandson'],
};
const routes = (due: DueMeasure[]) => ({
  ...patientRoutes(),
  'GET /api/v1/patient/measures/': { body: { today: '2026-03-04', due } },
  'POST /api/v1/patient/measures/': (request: { body: unknown }) => {
    const body = request.body as { answers: number[] };
    const score = body.answers.reduce((a, b) => a + b, 0) / body.answers.length;
    return {
      status: 201,
      body: { entry_id: 90, measure: 'nprs', date: '2026-03-04', score, scoring_version: 'x', next_due_on: null },
    };
  },
});

describe('check-ins the patient fills in', () => {
  beforeEach(() => changeLanguage('en'));

  it('shows a due NPRS on Today, and the patient answers it with one tap and Send', async () => {
    const api = fixtureApi(routes([nprs]));
    const app = renderApp('/my/today', { token: 'patient-token' });
    const card = await screen.findByRole('region', { name: 'Check-in: how is your pain?' });
    await app.user.click(within(card).getByRole('link', { name: 'Answer now' }));
    const form = await screen.findByRole('form', { name: 'Pain check-in' });
    const scale = within(form).getByRole('group', {
      name: /how would you rate your pain on a scale of 0 to 10, where 0 is no pain and 10 is the worst pain imaginable\?/,
    });
    expect(within(scale).getByRole('button', { name: '0: No pain' })).toBeInTheDocument();
    expect(within(scale).getByRole('button', { name: '10: Worst pain imaginable' })).toBeInTheDocument();

    // Nothing chosen: said on the scale, nothing sent.
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a number from 0 to 10');
    expect(api.calls('POST /api/v1/patient/measures/')).toHaveLength(0);

    await app.user.click(within(scale).getByRole('button', { name: '6' }));
    expect(within(scale).getByRole('button', { name: '6' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Thank you. Your answers are saved.' })).toHaveFocus();
    const [sent] = api.calls('POST /api/v1/patient/measures/');
    expect(sent!.body).toEqual({ assignment_id: 5, client_id: expect.stringMatching(UUID), answers: [6] });
  });

  it('sends the same client id again when the patient retries after a failure', async () => {
    let attempts = 0;
    const api = fixtureApi({
      ...routes([nprs]),
      'POST /api/v1/patient/measures/': () => {
        attempts += 1;
        return attempts === 1
          ? problem(503, 'unavailable')
          : {
              status: 201,
              body: {
                entry_id: 1,
                measure: 'nprs',
                date: '2026-03-04',
                score: 3,
                scoring_version: 'x',
                next_due_on: null,
              },
            };
      },
    });
    const app = renderApp('/my/measures/5', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Pain check-in' });
    await app.user.click(within(form).getByRole('button', { name: '3' }));
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Not sent. Check your connection and try again.')).toBeInTheDocument();
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Thank you. Your answers are saved.' });
    const [first, second] = api.calls('POST /api/v1/patient/measures/');
    expect((second!.body as { client_id: string }).client_id).toBe((first!.body as { client_id: string }).client_id);
  });

  it('asks PSFS in Spanish, offering last time’s activities and up to five', async () => {
    await changeLanguage('es');
    const api = fixtureApi(routes([psfs]));
    const app = renderApp('/my/measures/6', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Control de actividades' });
    expect(form).toHaveTextContent('Nombre de 3 a 5 actividades diarias');
    expect(within(form).getByLabelText('Actividad 1')).toHaveValue('Climbing stairs');
    expect(within(form).getByLabelText('Actividad 3')).toHaveValue('Lifting my grandson');

    await app.user.click(within(form).getByRole('button', { name: 'Añadir una actividad' }));
    await app.user.type(within(form).getByLabelText('Actividad 4'), 'Caminar al mercado');
    const ratings = [4, 6, 5, 7];
    for (const [index, rating] of ratings.entries()) {
      const scale = within(form).getByRole('group', {
        name: `¿Qué tan bien puede hacer la actividad ${index + 1} hoy?`,
      });
      await app.user.click(within(scale).getByRole('button', { name: String(rating) }));
    }
    expect(within(form).getAllByRole('button', { name: '0: No puedo hacerla' })).toHaveLength(4);
    await app.user.click(within(form).getByRole('button', { name: 'Enviar' }));
    await screen.findByRole('heading', { name: 'Gracias. Sus respuestas están guardadas.' });
    const [sent] = api.calls('POST /api/v1/patient/measures/');
    expect(sent!.body).toMatchObject({
      assignment_id: 6,
      answers: [4, 6, 5, 7],
      activities: ['Climbing stairs', 'Gardening', 'Lifting my grandson', 'Caminar al mercado'],
    });
  });

  it('asks each PSFS activity to be named before sending', async () => {
    const api = fixtureApi(routes([{ ...psfs, previous_activities: [] }]));
    const app = renderApp('/my/measures/6', { token: 'patient-token' });
    const form = await screen.findByRole('form', { name: 'Activities check-in' });
    expect(within(form).getByLabelText('Activity 1')).toHaveValue('');
    await app.user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getAllByText('Name the activity')).toHaveLength(3));
    expect(api.calls('POST /api/v1/patient/measures/')).toHaveLength(0);
  });

  it('says when the check-in is no longer asked', async () => {
    fixtureApi(routes([]));
    renderApp('/my/measures/5', { token: 'patient-token' });
    expect(await screen.findByRole('region', { name: 'This check-in is not asked of you now.' })).toBeInTheDocument();
  });
});
