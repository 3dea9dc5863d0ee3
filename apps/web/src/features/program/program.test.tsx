import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, signedInRoutes, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { catchSavedFiles } from '@web/testing/saved-files.ts';
import { listOf, makeFolder, makeHepRequest, makeVideo } from '@web/testing/video-fixtures.ts';
import { describe, expect, it } from 'vitest';
import { bridge, clamshell, heelSlide, makeHepItem, programOf } from './program-fixtures.ts';

const wallSit = makeHepItem(4, 'Wall sit');

const programPath = '/video/hep/therapist/101';
const routes = (items = [bridge, clamshell, heelSlide]) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: makePatient() },
  'GET /api/v1/patients/101/log_interaction/': { body: listOf([]) },
  [`GET ${programPath}`]: { body: programOf(items) },
});

const openDashboard = async (api = fixtureApi(routes())) => {
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  // The first screen of a file loads its lazy route; a loaded machine takes a while.
  const list = await screen.findByRole('list', { name: 'Exercises in order' }, { timeout: 10_000 });
  return { api, app, list };
};

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('program section', () => {
  it('shows the program in order with its dosage, notes and folder', async () => {
    const { list } = await openDashboard();
    expect(titles(list)).toEqual(['1. Bridge', '2. Clamshell', '3. Heel slide']);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('3 sets × 12 reps · hold 5 s · 1× a day · every day');
    expect(items[0]).toHaveTextContent('Squeeze at the top.');
    expect(items[1]).toHaveTextContent('From folder Post-op knee');
    expect(items[2]).toHaveTextContent('2 sets × 10 reps · 2× a day · 5 days a week');
  });

  it('says so when there is no program yet', async () => {
    fixtureApi(routes([]));
    renderApp('/patient/101/dashboard', { token: 't' });
    expect(await screen.findByRole('region', { name: 'No home exercise program yet' })).toBeInTheDocument();
  });

  it('says what failed when the program cannot be loaded, with a retry', async () => {
    const api = fixtureApi({ ...routes(), [`GET ${programPath}`]: problem(403, 'forbidden', 'Not your patient') });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Program' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The program could not be loaded');
    api.set(`GET ${programPath}`, { body: programOf([bridge]) });
    await app.user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('heading', { name: '1. Bridge' })).toBeInTheDocument();
  });

  it('adds chosen videos and a whole folder from the library', async () => {
    const api = fixtureApi({
      ...routes(),
      'GET /video/list': {
        body: listOf([makeVideo({ id: 31, title: 'Side plank' }), makeVideo({ id: 32, title: 'Wall sit' })]),
      },
      'GET /video/library': { body: listOf([makeFolder({ id: 5, name: 'Post-op knee', video_count: 4 })]) },
      [`POST ${programPath}`]: { status: 201, body: programOf([bridge, clamshell, heelSlide, wallSit]) },
    });
    const { app } = await openDashboard(api);
    await app.user.click(screen.getByRole('button', { name: 'Add exercises' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add exercises' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Add to program' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one video or folder');
    await app.user.click(await within(dialog).findByRole('checkbox', { name: 'Wall sit' }));
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Folder Post-op knee' }));
    expect(within(dialog).getByText('2 chosen')).toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText('Search videos'), 'wall');
    await waitFor(() => expect(api.calls('GET /video/list').at(-1)?.url.searchParams.get('search')).toBe('wall'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add to program' }));
    expect(await screen.findByText('Exercises added to the program')).toBeInTheDocument();
    expect(api.calls(`POST ${programPath}`)[0]?.body).toEqual([
      { video_id: 32 },
      { folder_id: 5, folder_name: 'Post-op knee' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Add exercises' })).not.toBeInTheDocument();
    expect(titles(screen.getByRole('list', { name: 'Exercises in order' }))).toContain('4. Wall sit');
  });

  it('edits sets in place and sends only what changed, refusing out-of-range values', async () => {
    const api = fixtureApi({
      ...routes(),
      [`PATCH ${programPath}/1`]: { body: { ...bridge, sets: 4 } },
    });
    const { app } = await openDashboard(api);
    await app.user.click(screen.getByRole('button', { name: 'Edit Bridge' }));
    const form = screen.getByRole('form', { name: 'Dosage of Bridge' });
    const sets = within(form).getByLabelText('Sets');
    await app.user.clear(sets);
    await app.user.type(sets, '40');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('At most 20')).toBeInTheDocument();
    expect(api.calls(`PATCH ${programPath}/1`)).toHaveLength(0);
    await app.user.clear(sets);
    await app.user.type(sets, '4');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Dosage of Bridge' })).not.toBeInTheDocument());
    expect(api.calls(`PATCH ${programPath}/1`)[0]?.body).toEqual({ sets: 4 });
  });

  it('reads the progress again after a change of dosage: the sessions planned follow the program', async () => {
    const api = fixtureApi({
      ...routes(),
      [`PATCH ${programPath}/3`]: { body: { ...heelSlide, times_per_day: 3 } },
    });
    const { app } = await openDashboard(api);
    const progressPath = 'GET /user/therapist/dashboard/progress/101';
    await waitFor(() => expect(api.calls(progressPath).length).toBeGreaterThan(0));
    const before = api.calls(progressPath).length;
    await app.user.click(screen.getByRole('button', { name: `Edit ${heelSlide.video.title}` }));
    const form = screen.getByRole('form', { name: `Dosage of ${heelSlide.video.title}` });
    const perDay = within(form).getByLabelText(/a day/i);
    await app.user.clear(perDay);
    await app.user.type(perDay, '3');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(progressPath).length).toBeGreaterThan(before));
  });

  it('reorders with Alt+Arrow on the handle and with the move buttons, announcing the new place', async () => {
    const byId = new Map([bridge, clamshell, heelSlide].map((i) => [i.id, i]));
    // The server answers with the whole program in its new order.
    const api = fixtureApi({
      ...routes(),
      'POST /api/v1/heps/set_order/': (request) => {
        const { hep_ids } = request.body as { hep_ids: number[] };
        return { body: programOf(hep_ids.map((id, order) => ({ ...byId.get(id)!, order }))) };
      },
    });
    const { app, list } = await openDashboard(api);
    const handle = within(list).getByRole('button', { name: /^Reorder Bridge/ });
    handle.focus();
    await app.user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(api.calls('POST /api/v1/heps/set_order/')[0]?.body).toEqual({ hep_ids: [2, 1, 3] });
    expect(titles(list)).toEqual(['1. Clamshell', '2. Bridge', '3. Heel slide']);
    expect(screen.getByText('Bridge moved to position 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Reorder Bridge/ })).toHaveFocus());

    await app.user.click(within(list).getByRole('button', { name: 'Move Heel slide up' }));
    expect(api.calls('POST /api/v1/heps/set_order/')[1]?.body).toEqual({ hep_ids: [2, 3, 1] });
    expect(titles(list)).toEqual(['1. Clamshell', '2. Heel slide', '3. Bridge']);
    expect(within(list).getByRole('button', { name: 'Move Clamshell up' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move Bridge down' })).toBeDisabled();
  });

  it('puts the order back when the server refuses it', async () => {
    const api = fixtureApi({
      ...routes(),
      'POST /api/v1/heps/set_order/': problem(400, 'validation_error', 'The program changed meanwhile'),
    });
    const { app, list } = await openDashboard(api);
    await app.user.click(within(list).getByRole('button', { name: 'Move Clamshell up' }));
    expect(
      await screen.findByText('The new order could not be saved; the program is back as it was'),
    ).toBeInTheDocument();
    expect(titles(list)).toEqual(['1. Bridge', '2. Clamshell', '3. Heel slide']);
  });

  it('deletes several exercises and brings them back with Undo', async () => {
    const api = fixtureApi({
      ...routes(),
      [`DELETE ${programPath}`]: { body: { deleted: [1, 3] } },
      'POST /api/v1/heps/1/restore/': { body: bridge },
      'POST /api/v1/heps/3/restore/': { body: heelSlide },
    });
    const { app, list } = await openDashboard(api);
    await app.user.click(within(list).getByRole('checkbox', { name: 'Select Bridge' }));
    await app.user.click(within(list).getByRole('checkbox', { name: 'Select Heel slide' }));
    api.set(`GET ${programPath}`, { body: programOf([clamshell]) });
    await app.user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    expect(api.calls(`DELETE ${programPath}`)[0]?.body).toEqual({ hep_ids: [1, 3] });
    expect(await screen.findByText('2 exercises removed from the program')).toBeInTheDocument();
    await waitFor(() => expect(titles(list)).toEqual(['1. Clamshell']));

    api.set(`GET ${programPath}`, { body: programOf([bridge, clamshell, heelSlide]) });
    await app.user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 exercises restored')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/heps/1/restore/')).toHaveLength(1);
    expect(api.calls('POST /api/v1/heps/3/restore/')).toHaveLength(1);
    await waitFor(() => expect(titles(list)).toHaveLength(3));
  });

  it('asks the content team for a missing video', async () => {
    const api = fixtureApi({
      ...routes(),
      'POST /video/hep_request/create': { status: 201, body: makeHepRequest({ id: 9 }) },
    });
    const { app } = await openDashboard(api);
    await app.user.click(screen.getByRole('button', { name: 'Request a video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a video' });
    await app.user.type(within(dialog).getByLabelText('Exercise and how it is done'), 'Seated marching');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent to the content team')).toBeInTheDocument();
    expect(api.calls('POST /video/hep_request/create')[0]?.body).toEqual({ request_content: 'Seated marching' });
  });

  it("offers an admin the patient's clinic's library and files a requested video under that clinic", async () => {
    const admin = { ...therapist, id: 1, role: 'admin' as const, email: 'admin@example.com', code: 'DEMO01' };
    const away = { code: 'AWAY01', name: 'Away Physical Therapy' };
    const api = fixtureApi({
      ...routes(),
      ...signedInRoutes(admin),
      'GET /api/v1/patients/101/': { body: makePatient({ clinic: away }) },
      'GET /video/list': { body: listOf([makeVideo({ id: 31, title: 'Side plank' })]) },
      'GET /video/library': { body: listOf([makeFolder({ id: 5, name: 'Away set', video_count: 1 })]) },
      'POST /video/hep_request/create': { status: 201, body: makeHepRequest({ id: 9, clinic_code: 'AWAY01' }) },
    });
    const { app } = await openDashboard(api);
    await app.user.click(screen.getByRole('button', { name: 'Add exercises' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add exercises' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Side plank' })).toBeInTheDocument();
    expect(api.calls('GET /video/list').at(-1)?.url.searchParams.get('clinic_code')).toBe('AWAY01');
    expect(api.calls('GET /video/library').at(-1)?.url.searchParams.get('clinic_code')).toBe('AWAY01');
    await app.user.keyboard('{Escape}');

    await app.user.click(screen.getByRole('button', { name: 'Request a video' }));
    const request = await screen.findByRole('dialog', { name: 'Request a video' });
    await app.user.type(within(request).getByLabelText('Exercise and how it is done'), 'Seated marching');
    await app.user.click(within(request).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.calls('POST /video/hep_request/create')).toHaveLength(1));
    const sent = api.calls('POST /video/hep_request/create')[0]!;
    expect(sent.url.searchParams.get('clinic_code')).toBe('AWAY01');
    expect(sent.body).toEqual({ request_content: 'Seated marching' });
  });

  it('prints the handout in the language chosen from its menu, with the keyboard', async () => {
    const handoutPath = 'GET /api/v1/patients/101/handout/';
    const pdf = '%PDF-1.7 handout';
    const api = fixtureApi({
      ...routes(),
      [handoutPath]: {
        body: pdf,
        contentType: 'application/pdf',
        headers: { 'content-disposition': 'attachment; filename="exercise-program-101-es.pdf"' },
      },
    });
    const saved = catchSavedFiles();
    const { app } = await openDashboard(api);
    const button = screen.getByRole('button', { name: 'Print handout' });
    button.focus();
    await app.user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Print or e-mail the handout' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Print in English',
      'Print in Spanish (Español)',
      'E-mail to patient in English',
      'E-mail to patient in Spanish (Español)',
    ]);
    await app.user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(saved.click).toHaveBeenCalledTimes(1));
    const [request] = api.calls(handoutPath);
    expect(request?.url.searchParams.get('language')).toBe('es');
    expect(request?.headers.get('accept')).toContain('application/pdf');
    expect(saved.link().download).toBe('exercise-program-101-es.pdf');
    expect(await saved.blob().text()).toBe(pdf);
  });

  it('e-mails the handout to the patient in the language chosen, and says where it went', async () => {
    const emailPath = 'POST /api/v1/patients/101/handout/email/';
    const api = fixtureApi({
      ...routes(),
      [emailPath]: { body: { to: 'maria@example.test', attached: false, status: 'sent' } },
    });
    const { app } = await openDashboard(api);
    await app.user.click(screen.getByRole('button', { name: 'Print handout' }));
    const menu = screen.getByRole('menu', { name: 'Print or e-mail the handout' });
    const spanish = within(menu).getByRole('menuitem', { name: 'E-mail to patient in Spanish (Español)' });
    expect(spanish).not.toHaveAttribute('aria-disabled');
    await app.user.click(spanish);

    expect(await screen.findByText("Sent to the patient's e-mail address, maria@example.test")).toBeInTheDocument();
    expect(api.calls(emailPath).map((request) => request.body)).toEqual([{ language: 'es' }]);
    expect(api.calls('GET /api/v1/patients/101/handout/')).toHaveLength(0);
  });

  it("shows the server's refusal of the e-mail in its words", async () => {
    const emailPath = 'POST /api/v1/patients/101/handout/email/';
    const api = fixtureApi({
      ...routes(),
      [emailPath]: problem(
        409,
        'conflict',
        'This program has no exercises yet: add some before printing or sending the handout',
      ),
    });
    const { app } = await openDashboard(api);
    await app.user.click(screen.getByRole('button', { name: 'Print handout' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'E-mail to patient in English' }));
    expect(
      await screen.findByText('This program has no exercises yet: add some before printing or sending the handout'),
    ).toBeInTheDocument();
    expect(api.calls(emailPath)).toHaveLength(1);
  });

  it('keeps the e-mail entries, disabled with the reason, for a patient without an e-mail address', async () => {
    const emailPath = 'POST /api/v1/patients/101/handout/email/';
    const api = fixtureApi({
      ...routes(),
      'GET /api/v1/patients/101/': { body: makePatient({ email: null }) },
      [emailPath]: { body: { to: 'x@example.test', attached: false, status: 'sent' } },
    });
    const { app } = await openDashboard(api);
    const button = screen.getByRole('button', { name: 'Print handout' });
    button.focus();
    await app.user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Print or e-mail the handout' });
    const english = within(menu).getByRole('menuitem', { name: /E-mail to patient in English/ });
    expect(english).toHaveAttribute('aria-disabled', 'true');
    expect(english).toHaveAccessibleDescription('No e-mail address on file: add one in the patient’s details');
    // The reason is said once, as the description: the name is the entry's label alone.
    expect(english).toHaveAccessibleName('E-mail to patient in English');
    // Reached with the keyboard, and choosing it sends nothing and leaves the menu open.
    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    expect(english).toHaveFocus();
    await app.user.keyboard('{Enter}');
    expect(menu).toBeInTheDocument();
    expect(api.calls(emailPath)).toHaveLength(0);
    // Printing is still offered.
    expect(within(menu).getByRole('menuitem', { name: 'Print in English' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers no handout for an empty program', async () => {
    fixtureApi(routes([]));
    renderApp('/patient/101/dashboard', { token: 't' });
    await screen.findByRole('region', { name: 'No home exercise program yet' });
    expect(screen.queryByRole('button', { name: 'Print handout' })).not.toBeInTheDocument();
  });
});
