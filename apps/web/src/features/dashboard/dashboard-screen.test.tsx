import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makeStaff, manager, staffPage, supervisor } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_URL, dashboardRoutes, figures } from './dashboard-fixtures.ts';

const cards = async () => screen.findByRole('list', { name: /: March 2026$/ });
const hrefOf = (list: HTMLElement, label: string) =>
  within(list)
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .getAttribute('href');

describe('the therapist dashboard', () => {
  it('shows a therapist’s own figures, each a link to the patients behind it', async () => {
    const api = fixtureApi(dashboardRoutes(undefined));
    renderApp('/dashboard', { token: 't' });
    const list = await cards();

    expect(screen.getByRole('heading', { level: 1, name: 'Your patients' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Patients in monitoring12Onboarded, followed between visits',
      'Minutes this month1,234 minMonitored time and calls with the 10 patients who can bill RTM',
      'Not billable for RTM2Not covered or no consent: no minutes, calls or codes counted',
      'Need a call3No live call logged this month yet',
      'No data for 7 days2No exercise, pain or steps logged for 7 days',
      'Close to a threshold4A few data days or minutes from a code this month',
      'Ready to bill5A code met now bills in this month’s file',
      'Your open tasks66 tasks to do',
    ]);
    const own = '/patients?status=onboarded&therapist_id=7';
    expect(hrefOf(list, 'Patients in monitoring')).toBe(own);
    // The minutes add up on the list of those who can bill; those who bill nothing are listed apart (decision 1240).
    expect(hrefOf(list, 'Minutes this month')).toBe(`${own}&billable=yes`);
    expect(hrefOf(list, 'Not billable for RTM')).toBe(`${own}&billable=no`);
    expect(hrefOf(list, 'Need a call')).toBe(`${own}&call=needed`);
    expect(hrefOf(list, 'No data for 7 days')).toBe(`${own}&data=quiet`);
    expect(hrefOf(list, 'Close to a threshold')).toBe(`${own}&rtm=close`);
    expect(hrefOf(list, 'Ready to bill')).toBe(`${own}&rtm=ready`);
    expect(hrefOf(list, 'Your open tasks')).toBe('#tasks');
    // A therapist has no one else to pick, and asks for the default (their own) figures.
    expect(screen.queryByRole('combobox', { name: 'Whose patients' })).not.toBeInTheDocument();
    expect(Object.fromEntries(api.calls(DASHBOARD_URL)[0]!.url.searchParams)).toEqual({});
  });

  it('says zeros in words, and that the month ends soon while calls are due', async () => {
    fixtureApi(
      dashboardRoutes(
        undefined,
        figures({
          today: '2026-03-27',
          patients_in_monitoring: 0,
          minutes_this_month: 0,
          not_billable: 0,
          no_data: 0,
          close_to_threshold: 0,
          ready_to_bill: 0,
          open_tasks: 0,
          is_call_reminder_period: true,
        }),
      ),
    );
    renderApp('/dashboard', { token: 't' });
    const list = await cards();
    expect(within(list).getByRole('link', { name: /^Need a call/ })).toHaveTextContent(
      'Need a call3Month ends soon: call them by Mar 31, 2026',
    );
    expect(list).toHaveTextContent('No patient is in monitoring');
    expect(list).toHaveTextContent('No minutes monitored yet this month');
    expect(list).toHaveTextContent('Every patient in monitoring can bill RTM');
    expect(list).toHaveTextContent('No patient went 7 days without data');
    expect(list).toHaveTextContent('No patient is close to a threshold');
    expect(list).toHaveTextContent('No patient is ready to bill yet');
    expect(list).toHaveTextContent('No open tasks');
  });

  it('shows the clinic’s figures to a manager, linked without a therapist, and one therapist’s when picked', async () => {
    const api = fixtureApi({
      ...dashboardRoutes(manager, figures({ therapist: null, needs_call: 0 })),
      'GET /clinic/therapist': {
        body: staffPage([makeStaff(), makeStaff({ id: 9, first_name: 'Omar', last_name: 'Ali' })]),
      },
    });
    const app = renderApp('/dashboard', { token: 't' });
    const list = await cards();
    expect(screen.getByRole('heading', { level: 1, name: 'All patients of the clinic' })).toBeInTheDocument();
    expect(hrefOf(list, 'Need a call')).toBe('/patients?status=onboarded&call=needed');
    expect(within(list).getByRole('link', { name: /^Need a call/ })).toHaveTextContent('No patient needs a call');
    expect(hrefOf(list, 'Ready to bill')).toBe('/patients?status=onboarded&rtm=ready');

    api.set(DASHBOARD_URL, { body: figures({ therapist: { id: 9, display_name: 'Omar Ali' } }) });
    await app.user.click(screen.getByRole('combobox', { name: 'Whose patients' }));
    await app.user.click(await screen.findByRole('option', { name: 'Patients of Omar Ali' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients of Omar Ali' })).toBeInTheDocument();
    expect(app.location().search).toBe('?therapist_id=9');
    expect(api.calls(DASHBOARD_URL).at(-1)!.url.searchParams.get('therapist_id')).toBe('9');
    await waitFor(async () =>
      expect(hrefOf(await cards(), 'No data for 7 days')).toBe('/patients?status=onboarded&therapist_id=9&data=quiet'),
    );
  });

  it('names the open tasks of a manager the clinic’s, whichever therapist’s patients are counted', async () => {
    // The server counts a manager's or supervisor's open tasks over the whole clinic.
    fixtureApi(dashboardRoutes(manager, figures({ therapist: { id: 9, display_name: 'Omar Ali' } })));
    renderApp('/dashboard?therapist_id=9', { token: 't' });
    const list = await cards();
    expect(hrefOf(list, 'Open tasks of the clinic')).toBe('#tasks');
    expect(within(list).queryByRole('link', { name: /^Your open tasks/ })).not.toBeInTheDocument();
  });

  it('lets a supervisor go back from a therapist’s figures to their own', async () => {
    const api = fixtureApi({
      ...dashboardRoutes(supervisor, figures({ therapist: { id: 7, display_name: 'Tara Nguyen' } })),
      'GET /clinic/therapist': { body: staffPage([makeStaff(), makeStaff({ id: 2, role: 'supervisor' })]) },
    });
    const app = renderApp('/dashboard?therapist_id=7', { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients of Tara Nguyen' })).toBeInTheDocument();
    expect(api.calls(DASHBOARD_URL)[0]!.url.searchParams.get('therapist_id')).toBe('7');

    api.set(DASHBOARD_URL, { body: figures({ therapist: { id: 2, display_name: 'Sam Boss' } }) });
    await app.user.click(screen.getByRole('combobox', { name: 'Whose patients' }));
    await app.user.click(screen.getByRole('option', { name: 'Your patients' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your patients' })).toBeInTheDocument();
    expect(app.location().search).toBe('');
    expect(hrefOf(await cards(), 'Patients in monitoring')).toBe('/patients?status=onboarded&therapist_id=2');
  });

  it('lets a supervisor count the whole clinic, kept in the address', async () => {
    const api = fixtureApi({
      ...dashboardRoutes(supervisor, figures({ therapist: { id: 2, display_name: 'Sam Boss' } })),
      'GET /clinic/therapist': { body: staffPage([makeStaff(), makeStaff({ id: 2, role: 'supervisor' })]) },
    });
    const app = renderApp('/dashboard', { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your patients' })).toBeInTheDocument();

    api.set(DASHBOARD_URL, { body: figures({ therapist: null }) });
    await app.user.click(screen.getByRole('combobox', { name: 'Whose patients' }));
    await app.user.click(screen.getByRole('option', { name: 'All patients of the clinic' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All patients of the clinic' })).toBeInTheDocument();
    expect(app.location().search).toBe('?view=clinic');
    expect(api.calls(DASHBOARD_URL).at(-1)!.url.searchParams.get('scope')).toBe('clinic');
    await waitFor(async () =>
      expect(hrefOf(await cards(), 'Need a call')).toBe('/patients?status=onboarded&call=needed'),
    );
  });

  it('shows skeleton cards while loading, then what failed with a retry', async () => {
    let answer: () => object = () => problem(403, 'forbidden', 'You may not read these figures.');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fixtureApi({
      ...dashboardRoutes(undefined),
      [DASHBOARD_URL]: async () => {
        await gate;
        return answer();
      },
    });
    const app = renderApp('/dashboard', { token: 't' });
    expect((await screen.findByText('Loading the figures')).closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /: March 2026$/ })).not.toBeInTheDocument();
    release();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be loaded');
    expect(alert).toHaveTextContent('You may not read these figures.');
    answer = () => ({ body: figures() });
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await cards()).toHaveTextContent('Need a call3');
    expect(screen.queryByText('Loading the figures')).not.toBeInTheDocument();
  });
});
