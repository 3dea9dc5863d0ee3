import type { Protocol, ProtocolSummary, Template, TemplateList, TemplateSummary } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { makePatient, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { listOf } from '@web/testing/video-fixtures.ts';
import { describe, expect, it } from 'vitest';
import { bridge, clamshell, makeHepItem, programOf } from './program-fixtures.ts';

const programPath = '/video/hep/therapist/101';
const listPath = '/api/v1/program-templates/';
const applyPath = '/api/v1/patients/101/program/apply-template/';

const quadSets = makeHepItem(7, 'Quad sets');
const heelSlides = makeHepItem(8, 'Heel slides');

const protocolSummary = (changes: Partial<ProtocolSummary> = {}): ProtocolSummary => ({
  key: 'total-knee-replacement',
  name: 'Total knee replacement: early home program',
  summary: 'The first weeks after a total knee arthroplasty.',
  icd10_prefixes: ['Z96.65', 'Z47.1'],
  matches: true,
  note: 'A starting point for clinical judgement, not a prescription.',
  sources: ['APTA clinical practice guideline: Physical Therapist Management of Total Knee Arthroplasty (2020)'],
  item_count: 2,
  listed_count: 3,
  ...changes,
});
const ankle = protocolSummary({ key: 'ankle-sprain', name: 'Lateral ankle sprain', matches: false });

const templateSummary = (changes: Partial<TemplateSummary> = {}): TemplateSummary => ({
  id: 9,
  name: 'Post-op week one',
  visibility: 'clinic',
  owner: { id: 2, display_name: 'Ann Lee' },
  is_mine: false,
  can_edit: false,
  retired: false,
  item_count: 2,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...changes,
});

const itemOf = (hep: typeof bridge, order: number) => ({
  video_id: hep.video_id,
  video: hep.video,
  order,
  sets: hep.sets,
  reps: hep.reps,
  hold_seconds: hep.hold_seconds,
  times_per_day: hep.times_per_day,
  days_per_week: hep.days_per_week,
  description: hep.description,
});

const protocolDetail: Protocol = {
  ...protocolSummary(),
  items: [itemOf(quadSets, 0), itemOf(heelSlides, 1)],
  missing: ['Sit to Stand'],
};
const templateDetail: Template = { ...templateSummary(), items: [itemOf(bridge, 0), itemOf(clamshell, 1)] };

const listAnswer = (changes: Partial<TemplateList> = {}): TemplateList => ({
  ...listOf([templateSummary()]),
  protocols: [protocolSummary(), ankle],
  diagnosis: 'Z96.651',
  ...changes,
});

const routes = (items = [bridge]) => ({
  ...signedInRoutes(),
  'GET /api/v1/patients/101/': { body: makePatient({ diagnosis: 'Z96.651' }) },
  'GET /api/v1/patients/101/log_interaction/': { body: listOf([]) },
  [`GET ${programPath}`]: { body: programOf(items) },
  [`GET ${listPath}`]: { body: listAnswer() },
  'GET /api/v1/program-protocols/total-knee-replacement/': { body: protocolDetail },
  'GET /api/v1/program-templates/9/': { body: templateDetail },
});

async function openStartDialog(api = fixtureApi(routes())) {
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  const section = await screen.findByRole('region', { name: 'Program' }, { timeout: 10_000 });
  await app.user.click(await within(section).findByRole('button', { name: 'Start from a template' }));
  const dialog = await screen.findByRole('dialog', { name: 'Start from a template' }, { timeout: 10_000 });
  return { api, app, dialog };
}

describe('start from a template', () => {
  it('offers the protocol matching the diagnosis first, previews it with its sources, and applies it', async () => {
    const api = fixtureApi({
      ...routes(),
      [`POST ${applyPath}`]: {
        body: {
          program: programOf([bridge, { ...quadSets, order: 1 }, { ...heelSlides, order: 2 }]),
          added: [7, 8],
          skipped_present: [],
          skipped_unavailable: [],
          skipped_missing: [],
        },
      },
    });
    const { app, dialog } = await openStartDialog(api);
    expect(api.calls(`GET ${listPath}`)[0]?.url.searchParams.get('for_patient')).toBe('101');
    const offered = await within(dialog).findByRole('list', { name: 'Offered for Z96.651' });
    expect(within(offered).getByRole('button', { name: /Total knee replacement/ })).toHaveTextContent(
      'Matches the diagnosis',
    );
    // Offered first, then the templates, then the other protocols.
    const groups = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(['Offered for Z96.651', 'Templates', 'Other protocols']);

    await app.user.click(within(offered).getByRole('button', { name: /Total knee replacement/ }));
    const preview = await within(dialog).findByRole('region', { name: /Preview of Total knee replacement/ });
    expect(preview).toHaveTextContent('A starting point for clinical judgement, not a prescription.');
    expect(preview).toHaveTextContent('Physical Therapist Management of Total Knee Arthroplasty');
    expect(preview).toHaveTextContent('Not in the exercise library, so left out: Sit to Stand');
    const exercises = within(preview).getByRole('list', { name: /Exercises of/ });
    expect(
      within(exercises)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Quad sets', 'Heel slides']);

    await app.user.click(screen.getByRole('button', { name: 'Add to program' }));
    expect(await screen.findByText('2 exercises added to the program')).toBeInTheDocument();
    expect(api.calls(`POST ${applyPath}`)[0]?.body).toEqual({ protocol: 'total-knee-replacement' });
    expect(screen.queryByRole('dialog', { name: 'Start from a template' })).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Exercises in order' });
    expect(within(list).getByRole('heading', { name: '2. Quad sets' })).toBeInTheDocument();
  });

  it('applies a clinic template, saying which exercises the program held already', async () => {
    const api = fixtureApi({
      ...routes(),
      [`POST ${applyPath}`]: {
        body: {
          program: programOf([bridge, clamshell]),
          added: [2],
          skipped_present: [101],
          skipped_unavailable: [],
          skipped_missing: [],
        },
      },
    });
    const { app, dialog } = await openStartDialog(api);
    const templates = await within(dialog).findByRole('list', { name: 'Templates' });
    const choice = within(templates).getByRole('button', { name: /Post-op week one/ });
    expect(choice).toHaveTextContent('Shared with the clinic · by Ann Lee');
    await app.user.click(choice);
    expect(choice).toHaveAttribute('aria-pressed', 'true');
    expect(await within(dialog).findByRole('list', { name: 'Exercises of Post-op week one' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Add to program' }));
    expect(await screen.findByText('1 exercise added to the program; 1 already in it')).toBeInTheDocument();
    expect(api.calls(`POST ${applyPath}`)[0]?.body).toEqual({ template_id: 9 });
  });

  it('shows the refusal and stays open when the template cannot be applied', async () => {
    const api = fixtureApi({
      ...routes(),
      [`POST ${applyPath}`]: problem(409, 'conflict', 'This template is retired; bring it back before applying it'),
    });
    const { app, dialog } = await openStartDialog(api);
    await app.user.click(await within(dialog).findByRole('button', { name: /Post-op week one/ }));
    await app.user.click(screen.getByRole('button', { name: 'Add to program' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This template is retired');
    expect(screen.getByRole('dialog', { name: 'Start from a template' })).toBeInTheDocument();
  });

  it('searches by name, and says so when nothing matches', async () => {
    const api = fixtureApi({
      ...routes(),
      [`GET ${listPath}`]: (request) =>
        request.url.searchParams.get('search')
          ? { body: listAnswer({ ...listOf([]), protocols: [] }) }
          : { body: listAnswer() },
    });
    const { app, dialog } = await openStartDialog(api);
    await within(dialog).findByRole('list', { name: 'Templates' });
    await app.user.type(within(dialog).getByLabelText('Search templates'), 'zzz');
    expect(await within(dialog).findByRole('region', { name: 'No templates' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls(`GET ${listPath}`).at(-1)?.url.searchParams.get('search')).toBe('zzz'));
  });

  it('says what failed when the templates cannot be loaded, with a retry', async () => {
    const api = fixtureApi({ ...routes(), [`GET ${listPath}`]: problem(500, 'server_error', 'Down for a moment') });
    const { app, dialog } = await openStartDialog(api);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The templates could not be loaded');
    api.set(`GET ${listPath}`, { body: listAnswer() });
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Templates' })).toBeInTheDocument();
  });
});

describe('save as template', () => {
  it('saves the program under a name, shared with the clinic', async () => {
    const api = fixtureApi({
      ...routes([bridge, clamshell]),
      'POST /api/v1/patients/101/program/template/': {
        status: 201,
        body: { ...templateDetail, name: 'Knee basics', is_mine: true, can_edit: true },
      },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Program' }, { timeout: 10_000 });
    await app.user.click(await within(section).findByRole('button', { name: 'Save as template' }));
    const form = await screen.findByRole('form', { name: 'Save as template' }, { timeout: 10_000 });
    await app.user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(within(form).getByText('Give the template a name')).toBeInTheDocument();
    await app.user.type(within(form).getByLabelText(/Template name/), 'Knee basics');
    await app.user.click(within(form).getByRole('combobox', { name: /Who can use it/ }));
    await app.user.click(screen.getByRole('option', { name: 'Everyone in the clinic' }));
    await app.user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Saved as the template “Knee basics”')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/program/template/')[0]?.body).toEqual({
      name: 'Knee basics',
      visibility: 'clinic',
    });
  });

  it('is not offered for an empty program', async () => {
    fixtureApi(routes([]));
    renderApp('/patient/101/dashboard', { token: 't' });
    const section = await screen.findByRole('region', { name: 'Program' }, { timeout: 10_000 });
    await within(section).findByRole('button', { name: 'Start from a template' });
    expect(within(section).queryByRole('button', { name: 'Save as template' })).not.toBeInTheDocument();
  });
});

describe('the templates screen', () => {
  it('lists templates and protocols, edits one of mine and retires it', async () => {
    const mine = templateSummary({ id: 9, is_mine: true, can_edit: true, visibility: 'private' });
    const colleagues = templateSummary({ id: 10, name: 'Shoulder start', can_edit: false });
    const api = fixtureApi({
      ...signedInRoutes(),
      [`GET ${listPath}`]: { body: listAnswer({ ...listOf([mine, colleagues]), diagnosis: null }) },
      'GET /api/v1/program-templates/9/': { body: { ...templateDetail, ...mine } },
      'PATCH /api/v1/program-templates/9/': { body: { ...templateDetail, ...mine, name: 'Week one, revised' } },
      'POST /api/v1/program-templates/9/retire/': { body: { ...templateDetail, ...mine, retired: true } },
    });
    const app = renderApp('/program-templates', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Templates' }, { timeout: 10_000 });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Post-op week one', 'Shoulder start']);
    // A colleague's template is theirs to change.
    expect(within(list).queryByRole('button', { name: 'Edit Shoulder start' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Protocols' })).toHaveTextContent('Lateral ankle sprain');

    await app.user.click(within(list).getByRole('button', { name: 'Edit Post-op week one' }));
    const form = await screen.findByRole('form', { name: 'Edit template' });
    const name = within(form).getByLabelText(/Template name/);
    await app.user.clear(name);
    await app.user.type(name, 'Week one, revised');
    const sets = within(form).getByLabelText('Sets of Bridge');
    await app.user.clear(sets);
    await app.user.type(sets, '4');
    await app.user.click(within(form).getByRole('button', { name: 'Move Clamshell up' }));
    // Moved to the top, its "up" can no longer be pressed: the keyboard stays on its row, on "down".
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Move Clamshell down' })).toHaveFocus());
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Template “Week one, revised” saved')).toBeInTheDocument();
    const body = api.calls('PATCH /api/v1/program-templates/9/')[0]?.body as {
      name: string;
      items: { video_id: number; sets: number }[];
    };
    expect(body.name).toBe('Week one, revised');
    expect(body.items.map((i) => [i.video_id, i.sets])).toEqual([
      [clamshell.video_id, clamshell.sets],
      [bridge.video_id, 4],
    ]);

    await app.user.click(within(list).getByRole('button', { name: 'Retire Post-op week one' }));
    expect(await screen.findByText('“Post-op week one” retired')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/program-templates/9/retire/')[0]?.body).toEqual({ retired: true });
  });

  it('says so when the clinic has no templates yet', async () => {
    fixtureApi({ ...signedInRoutes(), [`GET ${listPath}`]: { body: listAnswer({ ...listOf([]), diagnosis: null }) } });
    renderApp('/program-templates', { token: 't' });
    expect(await screen.findByRole('region', { name: 'No templates yet' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
