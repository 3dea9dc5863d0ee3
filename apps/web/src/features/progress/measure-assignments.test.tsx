import type { FunctionalSeries, MeasureAssignment } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { makePatient, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { listOf } from '@web/testing/video-fixtures.ts';
import { describe, expect, it } from 'vitest';
import { makeProgress } from './progress-fixtures.ts';

const assignmentsPath = '/api/v1/patients/101/measure-assignments/';
const running: MeasureAssignment = {
  id: 7,
  patient_id: 101,
  measure: 'nprs',
  repeat_weeks: 2,
  starts_on: '2026-10-01',
  next_due_on: '2026-10-15',
  status: 'upcoming',
  last_filled_on: '2026-10-01',
  assigned_by: { id: 7, display_name: 'Tara Nguyen' },
  created_at: '2026-10-01T15:00:00.000Z',
  stopped_at: null,
};
const nprsSeries: FunctionalSeries = {
  id: 41,
  datatype_id: 1,
  key: 'nprs',
  name: 'Numeric Pain Rating Scale',
  unit: 'points (0–10)',
  higher_is_better: false,
  entries: [
    {
      id: 1,
      date: '2026-09-20',
      answers: [7],
      score: 7,
      scoring_version: 'NPRS 0-10',
      note: 'At evaluation',
      created_by: { id: 7, display_name: 'Tara Nguyen' },
      created_at: '2026-09-20T15:00:00.000Z',
      entered_by: 'staff',
      activities: null,
    },
    {
      id: 2,
      date: '2026-10-01',
      answers: [4],
      score: 4,
      scoring_version: 'NPRS 0-10',
      note: '',
      created_by: { id: 90, display_name: 'Ana Patient' },
      created_at: '2026-10-01T15:00:00.000Z',
      entered_by: 'patient',
      activities: null,
    },
  ],
};

const routes = () => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: makePatient() },
  'GET /api/v1/patients/101/log_interaction/': { body: listOf([]) },
  'GET /video/hep/therapist/101': { body: { results: [], count: 0, updated_at: null } },
  'GET /user/therapist/dashboard/progress/101': { body: makeProgress() },
  'GET /user/therapist/dashboard/functional-data/101': { body: { results: [nprsSeries], today: '2026-10-02' } },
  [`GET ${assignmentsPath}`]: { body: { results: [running], today: '2026-10-02' } },
  [`POST ${assignmentsPath}`]: {
    status: 201,
    body: { ...running, id: 8, measure: 'psfs', repeat_weeks: null, status: 'due', next_due_on: '2026-10-02' },
  },
  [`POST ${assignmentsPath}7/stop/`]: {
    body: { ...running, status: 'stopped', next_due_on: null, stopped_at: '2026-10-02T15:00:00.000Z' },
  },
});

const openSection = async () => {
  const api = fixtureApi(routes());
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  const section = await screen.findByRole('region', { name: 'Functional data' }, { timeout: 10_000 });
  return { api, app, section };
};

describe('measures the patient fills in, on the staff side', () => {
  it('lists the assignments, assigns one and stops one', async () => {
    const { api, app, section } = await openSection();
    const list = await within(section).findByRole('list', { name: 'Assigned measures' });
    expect(list).toHaveTextContent(
      'Numeric Pain Rating Scale, every 2 weeks: Next due Oct 15, 2026; last filled in Oct 1, 2026',
    );

    await app.user.click(within(section).getByRole('combobox', { name: 'Measure to assign' }));
    await app.user.click(screen.getByRole('option', { name: 'Patient-Specific Functional Scale (PSFS)' }));
    await app.user.click(within(section).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.calls(`POST ${assignmentsPath}`)).toHaveLength(1));
    expect(api.calls(`POST ${assignmentsPath}`)[0]!.body).toEqual({ measure: 'psfs', repeat_weeks: null });

    await app.user.click(within(list).getByRole('button', { name: 'Stop Numeric Pain Rating Scale' }));
    await waitFor(() => expect(api.calls(`POST ${assignmentsPath}7/stop/`)).toHaveLength(1));
  });

  it('marks who entered each entry and says the MCID in words', async () => {
    const { section } = await openSection();
    const table = await within(section).findByRole('table', { name: 'Numeric Pain Rating Scale entries' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Tara Nguyen');
    expect(rows[2]).toHaveTextContent('Patient');
    expect(section).toHaveTextContent(
      'Minimal clinically important difference: a change of 2 points. This change reaches it.',
    );
  });
});
