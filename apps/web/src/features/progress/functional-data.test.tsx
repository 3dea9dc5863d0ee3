import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { listOf } from '@web/testing/video-fixtures.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeProgress, odiSeries } from './progress-fixtures.ts';

const dataPath = '/user/therapist/dashboard/functional-data/101';
// The clinic's calendar a day behind the viewer's, as in the evening in New York for a browser set to UTC.
const clinicToday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
const routes = (series = [odiSeries]) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: makePatient() },
  'GET /api/v1/patients/101/log_interaction/': { body: listOf([]) },
  'GET /video/hep/therapist/101': { body: { results: [], count: 0, updated_at: null } },
  'GET /user/therapist/dashboard/progress/101': { body: makeProgress() },
  [`GET ${dataPath}`]: { body: { results: series, today: clinicToday } },
});

const openSection = async (api = fixtureApi(routes())) => {
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  // The first screen of a file loads its lazy route; a loaded machine takes a while.
  const section = await screen.findByRole('region', { name: 'Functional data' }, { timeout: 10_000 });
  return { api, app, section };
};

describe('functional data section', () => {
  it('shows one table per series with date, score, answers and note, and the change so far', async () => {
    const { section } = await openSection();
    const table = await within(section).findByRole(
      'table',
      { name: 'Oswestry Disability Index entries' },
      { timeout: 5_000 },
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Oct 1, 202648.93, 3, 2, 2, 3, 2, 2, 3, 2, – (9 of 10 answered)At evaluation');
    expect(rows[2]).toHaveTextContent('Nov 1, 202628');
    expect(section).toHaveTextContent('−20.9 since Oct 1, 2026 (better)');
  });

  it('says when there are no outcome measures yet', async () => {
    await openSection(fixtureApi(routes([])));
    expect(await screen.findByRole('region', { name: 'No outcome measures yet' })).toBeInTheDocument();
  });

  it('scores a questionnaire as it is filled in and sends it', async () => {
    const api = fixtureApi({ ...routes(), [`POST ${dataPath}`]: { status: 201, body: odiSeries } });
    const { app, section } = await openSection(api);
    await app.user.click(within(section).getByRole('button', { name: 'Add questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a questionnaire' });
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Measure' }));
    await app.user.click(within(dialog).getByRole('option', { name: 'Oswestry Disability Index' }));
    const score = within(dialog).getByRole('status');
    expect(score).toHaveTextContent('No score yet: At most 1 item may be left unanswered');
    const answers = [1, 2, 3, 0, 1, 2, 3, 4, 5];
    for (const [index, answer] of answers.entries()) {
      await app.user.type(within(dialog).getByLabelText(`Item ${index + 1} (0–5)`), String(answer));
    }
    expect(score).toHaveTextContent('Score: 46.7 % disability (0–100)');
    await app.user.type(within(dialog).getByLabelText('Item 10 (0–5)'), '9');
    expect(score).toHaveTextContent('No score yet: Answers must be between 0 and 5');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Answers must be between 0 and 5');
    expect(api.calls(`POST ${dataPath}`)).toHaveLength(0);

    await app.user.clear(within(dialog).getByLabelText('Item 10 (0–5)'));
    await app.user.type(within(dialog).getByLabelText('Note'), 'Four weeks in');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Oswestry Disability Index saved')).toBeInTheDocument();
    const body = api.calls(`POST ${dataPath}`)[0]?.body as { datatype_id: number; entries: unknown[] };
    expect(body.datatype_id).toBe(5);
    expect(body.entries).toEqual([{ date: clinicToday, answers: [...answers, null], note: 'Four weeks in' }]);
    await waitFor(() => expect(api.calls(`GET ${dataPath}`)).toHaveLength(2));
  });

  it('adds a measured value with what was measured', async () => {
    const api = fixtureApi({ ...routes(), [`POST ${dataPath}`]: { status: 201, body: odiSeries } });
    const { app, section } = await openSection(api);
    await app.user.click(within(section).getByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a measured value' });
    await app.user.type(within(dialog).getByLabelText('What was measured'), 'Right knee flexion');
    // A measured value is one number, not a questionnaire with items or a score.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Enter the measured value');
    await app.user.type(within(dialog).getByLabelText('Value (degrees)'), '115');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Value: 115 degrees');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls(`POST ${dataPath}`)).toHaveLength(1));
    expect(api.calls(`POST ${dataPath}`)[0]?.body).toMatchObject({
      datatype_id: 7,
      name: 'Right knee flexion',
      entries: [{ answers: [115], note: '' }],
    });
  });

  it('corrects an entry with Save, and shows a refusal without closing', async () => {
    const api = fixtureApi({
      ...routes(),
      [`PATCH ${dataPath}`]: problem(400, 'validation_error', 'The date cannot be in the future'),
    });
    const { app, section } = await openSection(api);
    await app.user.click(
      await within(section).findByRole('button', {
        name: 'Correct the Oswestry Disability Index entry of Nov 1, 2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct Oswestry Disability Index' });
    const first = within(dialog).getByLabelText('Item 1 (0–5)');
    expect(first).toHaveValue(2);
    await app.user.clear(first);
    await app.user.type(first, '3');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Score: 30 % disability');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The date cannot be in the future');
    expect(api.calls(`PATCH ${dataPath}`)[0]?.body).toEqual({
      id: 40,
      entries: [{ id: 402, date: '2026-11-01', answers: [3, 2, 1, 1, 2, 1, 1, 2, 1, 1], note: '' }],
    });

    api.set(`PATCH ${dataPath}`, { body: odiSeries });
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The entry is corrected')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Correct Oswestry Disability Index' })).not.toBeInTheDocument();
  });
});
