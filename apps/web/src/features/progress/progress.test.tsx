import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { makeProgress, makeTrend, progressDashboardRoutes, progressPath } from './progress-fixtures.ts';

/** The dashboard's calls; by default the episode began four days ago, so the progress opens on the week. */
const routes = (trend = makeTrend('2026-11-15')) =>
  progressDashboardRoutes(trend, { heart_rate: [72, null, 80, null, null, null, null] });

const openProgress = async () => {
  const api = fixtureApi(routes());
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  // The first screen of a file loads its lazy route; a loaded machine takes a while.
  const section = await screen.findByRole('region', { name: 'Progress' }, { timeout: 10_000 });
  await within(section).findByRole('heading', { name: /^Week of Nov 15, 2026/ }, { timeout: 5_000 });
  return { api, app, section };
};

const chart = async (section: HTMLElement, name: RegExp) => within(section).findByRole('figure', { name });

describe('progress section', () => {
  it('moves between weeks and back to this one', async () => {
    const { api, app, section } = await openProgress();
    expect(api.calls(`GET ${progressPath}`)[0]?.url.searchParams.get('weeks_ago')).toBe('0');
    expect(within(section).getByRole('button', { name: 'Next week' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'This week' })).toBeDisabled();
    expect(
      within(section).getByRole('heading', { name: 'Week of Nov 15, 2026 · Sunday to Saturday, this week' }),
    ).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'Previous week' }));
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 8, 2026/ })).toBeInTheDocument();
    expect(
      within(section).getByRole('heading', { name: 'Week of Nov 8, 2026 · Sunday to Saturday, last week' }),
    ).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'Previous week' }));
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 1, 2026/ })).toBeInTheDocument();
    expect(
      within(section).getByRole('heading', { name: 'Week of Nov 1, 2026 · Sunday to Saturday, 2 weeks ago' }),
    ).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'Next week' }));
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 8, 2026/ })).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'This week' }));
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 15, 2026/ })).toBeInTheDocument();
    expect(api.calls(`GET ${progressPath}`).map((c) => c.url.searchParams.get('weeks_ago'))).toEqual(['0', '1', '2']);
  });

  it("sums up the week, saying what each figure counts: the week's data days of its days so far, the streak to today", async () => {
    const { app, section } = await openProgress();
    expect(section).toHaveTextContent('Engagement60% 6 of 10 sessions done');
    // Thursday: five days of the week so far.
    expect(section).toHaveTextContent('Data days5 of 5 days with exercise, pain, steps or an outcome recorded');
    expect(section).toHaveTextContent('Exercise streak2 days in a row with an exercise done, up to today');
    await app.user.click(within(section).getByRole('button', { name: 'Previous week' }));
    await within(section).findByRole('heading', { name: /^Week of Nov 8, 2026/ });
    expect(section).toHaveTextContent('Data days5 of 7 days');
  });

  it('charts engagement, pain, steps and the readings present, each with a summary in words', async () => {
    const { app, section } = await openProgress();
    const pain = await chart(section, /^Pain/);
    expect(pain).toHaveTextContent(
      "Pain by day: Sun 3 NPRS 0–10, Mon 5 NPRS 0–10, Tue 8 NPRS 0–10 (average of 3 ratings; the patient's latest 7), Wed no data, Thu 2 NPRS 0–10, Fri no data, Sat no data. Average 4.5 NPRS 0–10.",
    );
    expect(within(pain).getByRole('img')).toHaveAccessibleName('Pain chart, by day');
    expect(await chart(section, /^Engagement/)).toHaveTextContent('Engagement by day: Sun 100%, Mon 50%, Tue 0%');
    expect(await chart(section, /^Steps/)).toBeInTheDocument();
    expect(await chart(section, /^Heart rate/)).toHaveTextContent('Heart rate by day: Sun 72 bpm');
    expect(within(section).queryByRole('figure', { name: /Blood glucose/ })).not.toBeInTheDocument();

    const chartMode = within(section).getByRole('group', { name: 'Chart' });
    await app.user.click(within(chartMode).getByRole('radio', { name: 'Levels' }));
    expect(await chart(section, /^Pain/)).toHaveTextContent(
      'Sun 3 NPRS 0–10 (mild), Mon 5 NPRS 0–10 (moderate), Tue 8 NPRS 0–10 (severe)',
    );
    expect(await chart(section, /^Pain/)).toHaveTextContent('Days per level: 2 mild, 1 moderate, 1 severe.');

    await app.user.click(within(chartMode).getByRole('radio', { name: 'Distribution' }));
    expect(await chart(section, /^Pain/)).toHaveTextContent(
      'Pain across 4 days: mean 4.5 NPRS 0–10, standard deviation 2.3; lowest 2 NPRS 0–10, highest 8 NPRS 0–10.',
    );
  });

  it('reports averages, days per level, each exercise and each day', async () => {
    const { app, section } = await openProgress();
    const averages = within(section).getByRole('table', { name: 'Averages, week of Nov 15, 2026' });
    expect(within(averages).getByRole('columnheader', { name: 'Week of Nov 15, 2026' })).toBeInTheDocument();
    expect(within(averages).getByRole('row', { name: /Pain/ })).toHaveTextContent('Pain4.5 NPRS 0–104');
    // The week adds steps up (16,200 over 4 days); the averages table gives the day's average, as the chart does.
    expect(within(averages).getByRole('row', { name: /Steps/ })).toHaveTextContent('Steps4,050 steps4');

    const report = within(section).getByRole('group', { name: 'Report' });
    await app.user.click(within(report).getByRole('radio', { name: 'Levels' }));
    const levels = within(section).getByRole('table', { name: 'Days at each level, week of Nov 15, 2026' });
    expect(within(levels).getByRole('row', { name: /Pain/ })).toHaveTextContent('Mild 2 · Moderate 1 · Severe 1');

    await app.user.click(within(report).getByRole('radio', { name: 'Exercises' }));
    const exercises = within(section).getByRole('table', { name: 'Exercises assigned and done, week of Nov 15, 2026' });
    expect(within(exercises).getByRole('row', { name: /Clamshell/ })).toHaveTextContent('Clamshell5240%');

    await app.user.click(within(report).getByRole('radio', { name: 'Engagement' }));
    const perDay = within(section).getByRole('table', { name: 'Engagement per day, week of Nov 15, 2026' });
    expect(within(perDay).getByRole('row', { name: /Sun, Nov 15/ })).toHaveTextContent('Sun, Nov 1522100%Hard');
    expect(within(perDay).getByRole('row', { name: /Sat, Nov 21/ })).toHaveTextContent('Not yet');

    // A week paged back to is named by its date, never "this week".
    await app.user.click(within(section).getByRole('button', { name: 'Previous week' }));
    expect(
      await within(section).findByRole('table', { name: 'Engagement per day, week of Nov 8, 2026' }),
    ).toBeVisible();
    await app.user.click(within(report).getByRole('radio', { name: 'Averages' }));
    const before = within(section).getByRole('table', { name: 'Averages, week of Nov 8, 2026' });
    expect(within(before).getByRole('columnheader', { name: 'Week of Nov 8, 2026' })).toBeInTheDocument();
  });

  it('says when a week has nothing to show', async () => {
    const api = fixtureApi(routes());
    const empty = makeProgress(0);
    api.set(`GET ${progressPath}`, {
      body: { ...empty, summary: { ...empty.summary, assigned: 0, data_days: 0, exercises: [] } },
    });
    renderApp('/patient/101/dashboard', { token: 't' });
    expect(await screen.findByRole('region', { name: 'No progress in the week of Nov 15, 2026' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('figure')).not.toBeInTheDocument());
  });
});
