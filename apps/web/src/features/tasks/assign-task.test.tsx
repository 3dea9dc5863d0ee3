import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, makeStaff, patientPage, staffPage } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask, NOW, TASKS_URL, tasksRoutes } from './tasks-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

const CREATE_URL = 'POST /api/v1/tasks/';
const colleagues = staffPage([
  makeStaff(),
  makeStaff({ id: 9, first_name: 'Omar', last_name: 'Ali' }),
  makeStaff({ id: 8, first_name: 'Morgan', last_name: 'Lee', role: 'manager' }),
  makeStaff({ id: 10, first_name: 'Pat', last_name: 'Gone', has_access: false }),
]);
const created = makeTask({
  id: 5,
  kind: 'assigned',
  title: 'Call about the knee brace',
  assignee: { id: 9, display_name: 'Omar Ali' },
});

const routes = () => ({
  ...tasksRoutes(undefined, []),
  'GET /clinic/therapist': { body: colleagues },
  'GET /api/v1/patients/': { body: patientPage([makePatient()]) },
  [CREATE_URL]: { status: 201, body: created },
});

async function openForm() {
  const app = renderApp('/dashboard', { token: 't' });
  const tasks = await screen.findByRole('region', { name: 'Tasks' });
  await app.user.click(within(tasks).getAllByRole('button', { name: 'Assign a task' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Assign a task' });
  return { app, dialog };
}

/** Gives the task to a colleague picked from the dialog's list. */
async function chooseColleague(app: ReturnType<typeof renderApp>, dialog: HTMLElement, name: string) {
  await app.user.click(within(dialog).getByRole('combobox', { name: 'Colleague' }));
  await app.user.click(within(dialog).getByRole('option', { name }));
}

describe('assigning a task', () => {
  it('refuses a task without a colleague or words, and sends nothing', async () => {
    const api = fixtureApi(routes());
    const { app, dialog } = await openForm();
    await app.user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose who should do it')).toBeInTheDocument();
    expect(within(dialog).getByText('Say what needs doing')).toBeInTheDocument();
    // Blanks are not words.
    await app.user.type(within(dialog).getByRole('textbox', { name: /What to do/ }), '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Say what needs doing')).toBeInTheDocument();
    expect(api.calls(CREATE_URL)).toHaveLength(0);
  });

  it('sends the colleague, the patient found by name, the words and the due date, and refreshes the tasks', async () => {
    const api = fixtureApi(routes());
    const { app, dialog } = await openForm();
    const tasksRead = api.calls(TASKS_URL).length;

    await app.user.click(within(dialog).getByRole('combobox', { name: 'Colleague' }));
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Only staff who may sign in; the caller is named as such, an office manager by role.
    expect(options).toEqual(['Tara Nguyen (you)', 'Omar Ali', 'Morgan Lee (Office manager)']);
    await app.user.click(within(dialog).getByRole('option', { name: 'Omar Ali' }));

    await app.user.type(within(dialog).getByRole('combobox', { name: 'Patient' }), 'mar');
    await app.user.click(await within(dialog).findByRole('option', { name: /Maria Garcia/ }));
    await waitFor(() => expect(api.calls('GET /api/v1/patients/').at(-1)?.url.searchParams.get('search')).toBe('mar'));

    await app.user.type(within(dialog).getByRole('textbox', { name: /What to do/ }), '  Call about the knee brace ');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '03/20/2026');
    await app.user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Task assigned to Omar Ali')).toBeInTheDocument();
    expect(api.calls(CREATE_URL)[0]?.body).toEqual({
      assignee_id: 9,
      patient_id: 101,
      title: 'Call about the knee brace',
      due_date: '2026-03-20',
    });
    expect(screen.queryByRole('dialog', { name: 'Assign a task' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls(TASKS_URL).length).toBeGreaterThan(tasksRead));
  });

  it('refuses a due date in the past, and shows the server’s reasons on their fields', async () => {
    const api = fixtureApi({
      ...routes(),
      [CREATE_URL]: problem(422, 'validation_failed', 'Check the task.', {
        assignee_id: ['This colleague cannot be given tasks'],
      }),
    });
    const { app, dialog } = await openForm();
    await chooseColleague(app, dialog, 'Omar Ali');
    await app.user.type(within(dialog).getByRole('textbox', { name: /What to do/ }), 'Check the brace');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '03/01/2026');
    await app.user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose today or a later day')).toBeInTheDocument();
    expect(api.calls(CREATE_URL)).toHaveLength(0);

    await app.user.clear(within(dialog).getByRole('textbox', { name: 'Due date' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('This colleague cannot be given tasks')).toBeInTheDocument();
    expect(api.calls(CREATE_URL)[0]?.body).toEqual({ assignee_id: 9, title: 'Check the brace' });
    expect(screen.getByRole('dialog', { name: 'Assign a task' })).toBeInTheDocument();
  });

  it('gives a task about the patient from the patient’s dashboard, the patient fixed', async () => {
    const api = fixtureApi({ ...routes(), 'GET /api/v1/patients/101/': { body: makePatient() } });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Assign a task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a task' });
    expect(dialog).toHaveTextContent('About Maria Garcia.');
    expect(within(dialog).queryByRole('combobox', { name: 'Patient' })).not.toBeInTheDocument();
    await chooseColleague(app, dialog, 'Omar Ali');
    await app.user.type(within(dialog).getByRole('textbox', { name: /What to do/ }), 'Call about the knee brace');
    await app.user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Task assigned to Omar Ali')).toBeInTheDocument();
    expect(api.calls(CREATE_URL)[0]?.body).toEqual({
      assignee_id: 9,
      patient_id: 101,
      title: 'Call about the knee brace',
    });
  });
});
