import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { manager } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask, NOW, queryOf, TASKS_URL, taskPage, tasksRoutes } from './tasks-fixtures.ts';

beforeEach(() => {
  // Only the clock's date is fixed: timers stay real for the query layer and user events.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

const newTasks = () => screen.findByRole('list', { name: 'New tasks' });
const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.task-card__title')?.textContent);

describe('the tasks panel', () => {
  it('links an answered video request to the requester’s own requests', async () => {
    const answered = makeTask({
      id: 9,
      kind: 'hep_request_answered',
      title: 'Your exercise video request was answered: see the library',
      patient: null,
    });
    fixtureApi(tasksRoutes(undefined, [answered]));
    renderApp('/dashboard#tasks', { token: 't' });
    const [item] = within(await newTasks()).getAllByRole('listitem');
    expect(item).toHaveTextContent('Video request answered');
    expect(within(item!).getByRole('link', { name: 'See the answer to your request' })).toHaveAttribute(
      'href',
      '/exercise-library?requests=mine',
    );
  });

  it('lists a therapist’s new tasks by default: what, about whom (where it is solved), for whom, by when', async () => {
    const api = fixtureApi(tasksRoutes(undefined));
    renderApp('/dashboard#tasks', { token: 't' });
    const list = await newTasks();
    const [call, review, approve] = within(list).getAllByRole('listitem');

    expect(call).toHaveTextContent('Call reminderCall Maria Garcia: no live call this month');
    expect(within(call!).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute(
      'href',
      '/patient/101/dashboard#interaction-log',
    );
    expect(call).toHaveTextContent('AssigneeTara Nguyen');
    expect(call).toHaveTextContent('DueNo due date');

    expect(review).toHaveTextContent('From Morgan Lee');
    expect(within(review!).getByRole('link', { name: 'James Brown' })).toHaveAttribute(
      'href',
      '/patient/102/dashboard',
    );
    expect(review).toHaveTextContent('DueOverdue since Mar 12, 2026');

    expect(within(approve!).getByRole('link', { name: 'Review staff approvals' })).toHaveAttribute(
      'href',
      '/therapist-list',
    );
    expect(approve).toHaveTextContent('AssigneeAnyone of the clinic');
    expect(approve).toHaveTextContent('DueMar 20, 2026');
    expect(approve).not.toHaveTextContent('Overdue');

    // A therapist's tasks are always their own: no scope to choose, none sent.
    expect(queryOf(api.calls(TASKS_URL)[0]!)).toEqual({ status: 'new', page: '1' });
    expect(screen.queryByRole('combobox', { name: 'Whose tasks' })).not.toBeInTheDocument();
  });

  it('switches to the done tasks, kept in the address', async () => {
    const api = fixtureApi(tasksRoutes(undefined));
    const app = renderApp('/dashboard', { token: 't' });
    await newTasks();
    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(screen.getByRole('option', { name: 'Done' }));
    expect(await screen.findByRole('region', { name: 'No done tasks yet' })).toBeInTheDocument();
    expect(app.location().search).toBe('?status=done');
    expect(queryOf(api.calls(TASKS_URL).at(-1)!)).toEqual({ status: 'done', page: '1' });
    expect(screen.queryByRole('button', { name: /^Done:/ })).not.toBeInTheDocument();
  });

  it('shows a manager the clinic’s tasks, and theirs alone on asking', async () => {
    const api = fixtureApi(tasksRoutes(manager));
    const app = renderApp('/dashboard', { token: 't' });
    await newTasks();
    expect(queryOf(api.calls(TASKS_URL)[0]!)).toEqual({ status: 'new', scope: 'clinic', page: '1' });
    await app.user.click(screen.getByRole('combobox', { name: 'Whose tasks' }));
    await app.user.click(screen.getByRole('option', { name: 'Mine' }));
    await waitFor(() =>
      expect(queryOf(api.calls(TASKS_URL).at(-1)!)).toEqual({ status: 'new', scope: 'mine', page: '1' }),
    );
    expect(app.location().search).toBe('?scope=mine');
  });

  it('pages through the server’s pages', async () => {
    const api = fixtureApi({ ...tasksRoutes(undefined), [TASKS_URL]: { body: taskPage([], 60) } });
    const app = renderApp('/dashboard', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(queryOf(api.calls(TASKS_URL).at(-1)!)).toEqual({ status: 'new', page: '3' }));
    expect(app.location().search).toBe('?page=3');
  });

  it('goes back to the last page with tasks when the page shown has none left', async () => {
    // 25 tasks in all: a second page, as after the last task on it was done, has nothing.
    const api = fixtureApi({ ...tasksRoutes(undefined), [TASKS_URL]: { body: taskPage([], 25) } });
    const app = renderApp('/dashboard?page=2', { token: 't' });
    await waitFor(() => expect(app.location().search).toBe(''));
    await waitFor(() => expect(queryOf(api.calls(TASKS_URL).at(-1)!)).toEqual({ status: 'new', page: '1' }));
  });

  it('marks a task done at once, says so with an Undo that reopens it', async () => {
    const api = fixtureApi(tasksRoutes(undefined));
    const app = renderApp('/dashboard', { token: 't' });
    const list = await newTasks();
    const dashboardReads = api.calls('GET /api/v1/dashboard/').length;

    await app.user.click(
      within(list).getByRole('button', { name: 'Done: Call Maria Garcia: no live call this month' }),
    );
    expect(titles(list)).toEqual(['Review the new exercises with James', 'Omar Ali waits for approval']);
    expect(screen.getByRole('heading', { name: 'Tasks' })).toHaveFocus();
    expect(await screen.findByText('Task done: Call Maria Garcia: no live call this month')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/tasks/1/done/')).toHaveLength(1);
    // The dashboard's count of open tasks is read again.
    await waitFor(() => expect(api.calls('GET /api/v1/dashboard/').length).toBeGreaterThan(dashboardReads));

    await app.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Back in New: Call Maria Garcia: no live call this month')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/tasks/1/reopen/')).toHaveLength(1);
    await waitFor(() => expect(titles(list)).toContain('Call Maria Garcia: no live call this month'));
    expect(screen.getByRole('heading', { name: 'Tasks' })).toHaveFocus();
  });

  it('says each task done with its own Undo, however quickly they are marked', async () => {
    const api = fixtureApi(tasksRoutes(undefined));
    const app = renderApp('/dashboard', { token: 't' });
    const list = await newTasks();
    await app.user.click(
      within(list).getByRole('button', { name: 'Done: Call Maria Garcia: no live call this month' }),
    );
    await app.user.click(within(list).getByRole('button', { name: 'Done: Review the new exercises with James' }));
    expect(await screen.findByText('Task done: Call Maria Garcia: no live call this month')).toBeInTheDocument();
    expect(await screen.findByText('Task done: Review the new exercises with James')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(2);
    expect(api.calls('POST /api/v1/tasks/1/done/')).toHaveLength(1);
  });

  it('keeps the task and says why when marking it done fails', async () => {
    const api = fixtureApi({
      ...tasksRoutes(undefined),
      'POST /api/v1/tasks/1/done/': problem(409, 'conflict', 'This task was removed.'),
    });
    const app = renderApp('/dashboard', { token: 't' });
    const list = await newTasks();
    await app.user.click(
      within(list).getByRole('button', { name: 'Done: Call Maria Garcia: no live call this month' }),
    );
    expect(
      await screen.findByText(
        '“Call Maria Garcia: no live call this month” could not be marked done. This task was removed.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(titles(list)).toContain('Call Maria Garcia: no live call this month'));
    expect(titles(list)).toHaveLength(3);
    expect(screen.queryByText(/^Task done/)).not.toBeInTheDocument();
    expect(api.calls('POST /api/v1/tasks/1/done/')).toHaveLength(1);
  });

  it('says so when there is nothing to do, and shows what failed with a retry', async () => {
    const api = fixtureApi({ ...tasksRoutes(undefined), [TASKS_URL]: problem(403, 'forbidden', 'Not your tasks.') });
    const app = renderApp('/dashboard', { token: 't' });
    const tasks = await screen.findByRole('region', { name: 'Tasks' });
    const alert = await within(tasks).findByRole('alert');
    expect(alert).toHaveTextContent('The tasks could not be loadedNot your tasks.');
    api.set(TASKS_URL, { body: taskPage([]) });
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const empty = await within(tasks).findByRole('region', { name: 'No open tasks' });
    expect(within(empty).getByRole('button', { name: 'Assign a task' })).toBeInTheDocument();
  });
});
