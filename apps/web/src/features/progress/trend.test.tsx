import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { makeTrend, progressDashboardRoutes, progressPath, trendPath } from './progress-fixtures.ts';

const routes = (trend = makeTrend()) => progressDashboardRoutes(trend);

const openDashboard = async (trend = makeTrend()) => {
  const api = fixtureApi(routes(trend));
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  const section = await screen.findByRole('region', { name: 'Progress' }, { timeout: 10_000 });
  return { api, app, section };
};

const trendFigure = (section: HTMLElement) =>
  within(section).findByRole('figure', { name: 'Engagement, pain and steps by week' }, { timeout: 5_000 });

describe('the progress trend', () => {
  it('opens when there is more than a week of history, reading the trend and no week', async () => {
    const { api, section } = await openDashboard();
    const figure = await trendFigure(section);
    expect(within(section).getByRole('radio', { name: 'Trend' })).toBeChecked();
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Week of Aug 30, 2026 to the week of Nov 15, 2026 · Episode since Sep 2, 2026',
    );
    expect(figure).toHaveAccessibleDescription(
      'Week of Aug 30, 2026 to the week of Nov 15, 2026 (12 weeks). ' +
        'Engagement: 10% in the week of Aug 30, 2026, 100% in the week of Nov 15, 2026. ' +
        'Pain: 8 in the week of Aug 30, 2026, 2.5 in the week of Nov 15, 2026. ' +
        'Steps: 3,000 a day in the week of Aug 30, 2026, 8,500 a day in the week of Nov 15, 2026. ' +
        'Outcome measures recorded on 2 days, marked 1 to 2.',
    );
    const marks = within(figure).getByRole('list', { name: 'Outcome measures marked on the chart' });
    expect(
      within(marks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 Oct 1, 2026: ODI 48.9%', '2 Nov 1, 2026: ODI 28%']);
    expect(api.calls(`GET ${trendPath}`)).toHaveLength(1);
    expect(api.calls(`GET ${progressPath}`)).toHaveLength(0);
  });

  it('lists every week in a table, with the outcome scores of its week, and opens a week from it', async () => {
    const { api, app, section } = await openDashboard();
    await trendFigure(section);
    await app.user.click(within(section).getByText('Week by week as a table'));
    const table = within(section).getByRole('table', { name: 'Engagement, pain and steps week by week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent('Week of Aug 30, 202610%1 of 14 sessions83,0005 of 7–');
    // The week without data says so, rather than drawing a zero.
    expect(rows[5]).toHaveTextContent('Week of Oct 4, 20260%0 of 14 sessions––0 of 7–');
    expect(rows[4]).toHaveTextContent('1. ODI 48.9%');
    // Thursday of the current week: five days so far.
    expect(rows[11]).toHaveTextContent('Week of Nov 15, 2026100%14 of 14 sessions2.58,5005 of 5–');

    await app.user.click(within(rows[9]!).getByRole('button', { name: 'Week of Nov 1, 2026' }));
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 1, 2026/ })).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: 'Week' })).toBeChecked();
    expect(api.calls(`GET ${progressPath}`).map((c) => c.url.searchParams.get('weeks_ago'))).toEqual(['2']);
    expect(within(section).getByRole('heading', { name: 'Progress' })).toHaveFocus();
  });

  it('is a slider over the weeks from the keyboard: arrows read each week, Enter opens it', async () => {
    const { api, app, section } = await openDashboard();
    const figure = await trendFigure(section);
    const slider = await within(figure).findByRole('slider', { name: 'Week of the trend' });
    expect(slider).toHaveAttribute(
      'aria-valuetext',
      'Week of Nov 15, 2026: engagement 100%, pain 2.5, steps 8,500 a day.',
    );
    slider.focus();
    await app.user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute(
      'aria-valuetext',
      'Week of Nov 1, 2026: engagement 100%, pain 3.5, steps 7,500 a day; outcome measures: Nov 1, 2026: ODI 28% (mark 2).',
    );
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    expect(within(figure).getByRole('button', { name: 'Open the week of Nov 1, 2026' })).toBeInTheDocument();
    await app.user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Week of Aug 30, 2026: engagement 10%/));
    await app.user.keyboard('{PageUp}{ArrowRight}');
    expect(slider).toHaveAttribute(
      'aria-valuetext',
      'Week of Oct 4, 2026: engagement 0%, pain no data, steps no data.',
    );
    await app.user.keyboard('{Enter}');
    expect(await within(section).findByRole('heading', { name: /^Week of Oct 4, 2026/ })).toBeInTheDocument();
    expect(api.calls(`GET ${progressPath}`).map((c) => c.url.searchParams.get('weeks_ago'))).toEqual(['6']);
  });

  it('leaves the week to open first while the history is a week or less, and either view can be chosen', async () => {
    const { api, app, section } = await openDashboard(makeTrend('2026-11-16'));
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 15, 2026/ })).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: 'Week' })).toBeChecked();
    await app.user.click(within(section).getByRole('radio', { name: 'Trend' }));
    const figure = await trendFigure(section);
    expect(figure).toHaveAccessibleDescription(
      expect.stringMatching(/^Week of Nov 15, 2026 to the week of Nov 15, 2026 \(1 week\)/),
    );
    expect(api.calls(`GET ${progressPath}`)).toHaveLength(1);
  });

  it('opens on the week, and says so in the trend, while the weeks hold nothing', async () => {
    const idle = makeTrend();
    const weeks = idle.weeks.map((w) => ({
      ...w,
      assigned: 0,
      done: 0,
      engagement: null,
      pain: null,
      steps: null,
      data_days: 0,
    }));
    const { app, section } = await openDashboard({ ...idle, episode: null, weeks });
    expect(await within(section).findByRole('heading', { name: /^Week of Nov 15, 2026/ })).toBeInTheDocument();
    await app.user.click(within(section).getByRole('radio', { name: 'Trend' }));
    expect(await within(section).findByRole('region', { name: 'No progress in these weeks' })).toBeInTheDocument();
    expect(within(section).queryByRole('figure')).not.toBeInTheDocument();
  });

  it('still opens the week when the trend cannot be read, and says so in the trend', async () => {
    const api = fixtureApi(routes());
    api.set(`GET ${trendPath}`, problem(403, 'forbidden'));
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Progress' }, { timeout: 10_000 });
    expect(
      await within(section).findByRole('heading', { name: /^Week of Nov 15, 2026/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await app.user.click(within(section).getByRole('radio', { name: 'Trend' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent('The progress trend could not be loaded'),
    );
  });
});
