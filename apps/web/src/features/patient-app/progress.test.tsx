import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { defaultWeek, makeDay, makeProgress, patientRoutes } from './patient-fixtures.ts';

const lastWeek = makeProgress(
  ['2026-02-22', '2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28'].map((date) =>
    makeDay(date, { done: 2, pain: 5 }),
  ),
  { weeks_ago: 1 },
);

describe('progress', () => {
  beforeEach(() => changeLanguage('en'));

  it('shows the streak, the days done this week as bars, and the pain trend in words', async () => {
    fixtureApi(patientRoutes());
    renderApp('/my/progress', { token: 'patient-token' });

    expect(await screen.findByText('3 days in a row')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This week' })).toBeInTheDocument();
    expect(screen.getByText('7 of 14 exercise sessions done this week')).toBeInTheDocument();
    const days = within(screen.getByRole('list', { name: 'Exercises done each day' })).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent('Sunday: 2 of 2 done');
    expect(days[3]).toHaveTextContent('Wednesday: 1 of 2 done');
    expect(days[4]).toHaveTextContent('Thursday: still to come');
    // Pain 6, 5, 4, 3: the first half against the second.
    expect(screen.getByText('Your pain is going down: from 5.5 to 3.5 out of 10.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pain each day, 0 to 10' })).toBeInTheDocument();
  });

  it('goes back to earlier weeks and forward again', async () => {
    const api = fixtureApi({
      ...patientRoutes(),
      'GET /api/v1/patient/progress/': (request) => ({
        body: request.url.searchParams.get('weeks_ago') === '1' ? lastWeek : defaultWeek,
      }),
    });
    const app = renderApp('/my/progress', { token: 'patient-token' });
    await screen.findByRole('heading', { name: 'This week' });
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();

    await app.user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: 'Week of February 22' })).toBeInTheDocument();
    expect(screen.getByText('Your pain is about the same: around 5 out of 10.')).toBeInTheDocument();
    expect(api.calls('GET /api/v1/patient/progress/').at(-1)?.url.searchParams.get('weeks_ago')).toBe('1');

    await app.user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: 'This week' })).toBeInTheDocument();
  });

  it("writes a decimal pain with the language's decimal mark", async () => {
    fixtureApi(patientRoutes());
    const app = renderApp('/my/progress', { token: 'patient-token' });
    expect(await screen.findByText('Your pain is going down: from 5.5 to 3.5 out of 10.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText(/de 5,5 a 3,5 de 10/)).toBeInTheDocument();
  });

  it('says when there is no pain rating, and speaks Spanish', async () => {
    fixtureApi({
      ...patientRoutes(),
      'GET /api/v1/patient/progress/': {
        body: makeProgress(
          defaultWeek.days.map((day) => ({ ...day, metrics: { ...day.metrics, painlevel: null } })),
          {
            streak: 0,
          },
        ),
      },
    });
    const app = renderApp('/my/progress', { token: 'patient-token' });
    expect(await screen.findByText('No pain ratings this week.')).toBeInTheDocument();
    expect(screen.getByText('Start your streak today')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Pain each day/ })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(screen.getByText('No hay registros de dolor esta semana.')).toBeInTheDocument());
    expect(screen.getByText('Empiece su racha hoy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Esta semana' })).toBeInTheDocument();
  });
});
