import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { listOf, makeFolder, makeHepRequest, makeVideo } from '@web/testing/video-fixtures.ts';
import { describe, expect, it } from 'vitest';

const clamshell = makeVideo();
const bridge = makeVideo({ id: 32, title: 'Glute bridge', library: 'global', can_edit: false, owner: null });
const knee = makeFolder();
const shared = makeFolder({ id: 6, name: 'Shoulder rehab', is_mine: false, is_shared: true, video_count: 3 });

const libraryRoutes = () => ({
  ...signedInRoutes(),
  'GET /video/list': { body: listOf([clamshell, bridge]) },
  'GET /video/library': { body: listOf([knee, shared]) },
});

describe('exercise library', () => {
  it('shows the videos, my folders and the shared ones, and filters on the server', async () => {
    const api = fixtureApi(libraryRoutes());
    const app = renderApp('/exercise-library', { token: 't' });
    const grid = await screen.findByRole('list', { name: 'Videos' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(grid).toHaveTextContent('Global library');
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    expect(folders).toHaveTextContent('My folders');
    expect(folders).toHaveTextContent('Shared with the clinic');
    await app.user.click(within(folders).getByRole('button', { name: /^Shoulder rehab/ }));
    await waitFor(() => expect(api.calls('GET /video/list').at(-1)!.url.searchParams.get('folder')).toBe('6'));
    await app.user.click(screen.getByRole('combobox', { name: 'Body part' }));
    await app.user.click(screen.getByRole('option', { name: 'Knee' }));
    await waitFor(() => expect(api.calls('GET /video/list').at(-1)!.url.searchParams.get('body_part')).toBe('Knee'));
    await app.user.click(screen.getByRole('button', { name: 'List view' }));
    expect(await screen.findByRole('table', { name: 'Videos' })).toBeInTheDocument();
  });

  it('folds the folders behind one button on phones, naming the folder shown, and marks a poster-less video', async () => {
    fixtureApi({
      ...libraryRoutes(),
      'GET /video/list': { body: listOf([clamshell, { ...bridge, poster_url: null, body_part: 'Hip' }]) },
    });
    const app = renderApp('/exercise-library', { token: 't' });
    const bridgeCard = (await screen.findByRole('button', { name: 'Preview Glute bridge' })).closest('li')!;
    expect(within(bridgeCard).getByRole('button', { name: 'Preview Glute bridge' })).toHaveTextContent('HipNo poster');
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    const toggle = within(folders).getByRole('button', { name: 'Folders: All videos' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(within(folders).getByRole('button', { name: /^Shoulder rehab/ }));
    expect(within(folders).getByRole('button', { name: 'Folders: Shoulder rehab' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('creates a folder, and says why an empty or taken name is refused', async () => {
    const api = fixtureApi({
      ...libraryRoutes(),
      'POST /video/library': ({ body }) =>
        (body as { name: string }).name === 'Post-op knee'
          ? problem(409, 'conflict', 'You have a folder of that name', { name: ['You have a folder of that name'] })
          : { status: 201, body: makeFolder({ id: 7, name: 'Balance' }) },
    });
    const app = renderApp('/exercise-library', { token: 't' });
    const name = await screen.findByLabelText('New folder');
    await app.user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.calls('POST /video/library')).toHaveLength(0);

    await app.user.type(name, 'Post-op knee');
    await app.user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('You have a folder of that name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await app.user.clear(name);
    await app.user.type(name, '  Balance ');
    await app.user.click(screen.getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(api.calls('POST /video/library').at(-1)?.body).toEqual({ name: 'Balance' }));
    await waitFor(() => expect(name).toHaveValue(''));
  });

  it('adds the chosen videos to a folder', async () => {
    const api = fixtureApi({ ...libraryRoutes(), 'POST /video/library/bulk': { body: { results: [knee] } } });
    const app = renderApp('/exercise-library', { token: 't' });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select Clamshell' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Select Glute bridge' }));
    // A global video cannot be deleted by a therapist, so delete is not offered for this choice.
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Add to folders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to folders' });
    expect(within(dialog).queryByLabelText('Shoulder rehab')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByLabelText('Post-op knee'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.calls('POST /video/library/bulk')[0]?.body).toEqual({ video_ids: [31, 32], libraryfolder_ids: [5] }),
    );
  });

  it('deletes after confirmation', async () => {
    const api = fixtureApi({ ...libraryRoutes(), 'DELETE /video/delete': { body: { deleted: [31] } } });
    const app = renderApp('/exercise-library', { token: 't' });
    await app.user.click(await screen.findByRole('checkbox', { name: 'Select Clamshell' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this video?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE /video/delete')[0]?.body).toEqual({ videos: [31] }));
  });

  it('shares my folder with the clinic and sends a request for a missing video', async () => {
    const api = fixtureApi({
      ...libraryRoutes(),
      'POST /video/library/share': { body: { results: [{ ...knee, is_shared: true }] } },
      'POST /video/hep_request/create': { status: 201, body: makeHepRequest({ id: 1 }) },
    });
    const app = renderApp('/exercise-library', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for folder Post-op knee' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Share with clinic' }));
    await waitFor(() =>
      expect(api.calls('POST /video/library/share')[0]?.body).toEqual({ libraryfolder_ids: [5], is_shared: true }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Request a video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a video' });
    await app.user.type(within(dialog).getByRole('textbox'), 'Seated marching');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(api.calls('POST /video/hep_request/create')[0]?.body).toEqual({ request_content: 'Seated marching' }),
    );
  });
});

describe('video requests', () => {
  it('shows one’s own requests with the content team’s answers', async () => {
    const api = fixtureApi({
      ...libraryRoutes(),
      'GET /video/hep_request/mine': {
        body: listOf([
          makeHepRequest({ id: 5, request_content: 'Wall slides' }),
          makeHepRequest({
            status: 'answered',
            answer: 'Filmed this week',
            answered_by: { id: 1, display_name: 'Content Team' },
            answered_at: '2026-03-03T10:00:00.000Z',
            answer_video: { id: 32, title: 'Seated marching (global)' },
          }),
        ]),
      },
    });
    const app = renderApp('/exercise-library', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'My requests' }));
    const list = await screen.findByRole('list', { name: 'My video requests' });
    const [open, answered] = within(list).getAllByRole('listitem');
    expect(open).toHaveTextContent('Wall slides');
    expect(open).toHaveTextContent('Waiting for an answer');
    expect(answered).toHaveTextContent('Answered');
    expect(answered).toHaveTextContent('Filmed this week');
    expect(answered).toHaveTextContent('Seated marching (global)');
    expect(api.calls('GET /video/hep_request/mine')).toHaveLength(1);
  });

  it('opens one’s requests from the link of the task that tells of an answer', async () => {
    fixtureApi({ ...libraryRoutes(), 'GET /video/hep_request/mine': { body: listOf([makeHepRequest()]) } });
    renderApp('/exercise-library?requests=mine', { token: 't' });
    expect(await screen.findByRole('list', { name: 'My video requests' })).toHaveTextContent('Seated marching');
  });

  it('says so when there is no request yet', async () => {
    fixtureApi({ ...libraryRoutes(), 'GET /video/hep_request/mine': { body: listOf([]) } });
    const app = renderApp('/exercise-library', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'My requests' }));
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
  });

  it('links admins to the queue, from the page as from the menu', async () => {
    fixtureApi({
      ...signedInRoutes({ ...therapist, role: 'admin' }),
      'GET /video/list': { body: listOf([]) },
      'GET /video/library': { body: listOf([]) },
    });
    renderApp('/exercise-library', { token: 't' });
    const links = await screen.findAllByRole('link', { name: 'Video requests' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/video-requests', '/admin/video-requests']);
  });

  it('offers no queue to a therapist', async () => {
    fixtureApi(libraryRoutes());
    renderApp('/exercise-library', { token: 't' });
    await screen.findByRole('list', { name: 'Videos' });
    expect(screen.queryByRole('link', { name: 'Video requests' })).not.toBeInTheDocument();
  });
});

describe('upload and edit screen', () => {
  it('starts with the defaults of a new video and refuses a file that is not a video', async () => {
    fixtureApi(signedInRoutes());
    renderApp('/exercise-upload', { token: 't' });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Untitled Video');
    expect(screen.getByRole('textbox', { name: 'Position title' })).toHaveValue('Position: Supine to Standing');
    expect(screen.getByRole('textbox', { name: 'Equipment' })).toHaveValue('-');
    expect(screen.getByRole('spinbutton', { name: 'Reps' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Sets' })).toHaveValue(1);
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveValue('-');
    expect(screen.getByRole('combobox', { name: 'Body part' })).toHaveTextContent('Other');
    // Nothing to upload yet: the details wait for a file.
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Choose a video'), { target: { files: [notes] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a video file');
    // A small clip's size reads in kilobytes, not "0.0 MB".
    const clip = new File([new Uint8Array(17 * 1024)], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Choose a video'), { target: { files: [clip] } });
    expect(await screen.findByText(/· 17 KB/)).toBeInTheDocument();
  });

  it('edits an existing video and shows its player', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /video/31': { body: clamshell },
      'PATCH /video/31': ({ body }) => ({ body: { ...clamshell, ...(body as object) } }),
    });
    const app = renderApp('/exercise-edit/31', { token: 't' });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByTestId('video-player')).toHaveAttribute(
      'poster',
      expect.stringContaining('/video-host/poster/'),
    );
    await app.user.clear(title);
    await app.user.type(title, 'Clamshell with band');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PATCH /video/31')[0]?.body).toMatchObject({ title: 'Clamshell with band' }));
    expect(await screen.findByText('Video saved')).toBeInTheDocument();
  });

  it('edits the Spanish title and instructions beside the English ones, both optional', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /video/31': { body: clamshell },
      'PATCH /video/31': ({ body }) => ({ body: { ...clamshell, ...(body as object) } }),
    });
    const app = renderApp('/exercise-edit/31', { token: 't' });
    const spanishTitle = await screen.findByRole('textbox', { name: 'Title in Spanish' });
    expect(spanishTitle).toHaveValue('');
    expect(spanishTitle).toHaveAttribute('lang', 'es');
    await app.user.type(spanishTitle, 'Almeja');
    await app.user.type(screen.getByRole('textbox', { name: 'Instructions in Spanish' }), 'Acuéstese de lado.');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.calls('PATCH /video/31')[0]?.body).toMatchObject({
        title: 'Clamshell',
        title_es: 'Almeja',
        description_es: 'Acuéstese de lado.',
      }),
    );
  });

  it('shows the field errors of an empty title without calling the server', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /video/31': { body: clamshell } });
    const app = renderApp('/exercise-edit/31', { token: 't' });
    await app.user.clear(await screen.findByRole('textbox', { name: 'Title' }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.calls('PATCH /video/31')).toHaveLength(0);
  });
});

describe('captions of a video', () => {
  const englishTrack = {
    language: 'en',
    size_bytes: 60,
    cue_count: 2,
    updated_at: '2026-03-01T10:00:00.000Z',
    updated_by: { id: 7, display_name: 'Tara Nguyen' },
  };
  const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nLie on your side.\n';
  const withTracks = makeVideo({
    captions: [{ language: 'en', url: '/video-host/captions/8a4b0c5e-1f2a-4b3c-9d8e-7f6a5b4c3d2e/en?expires=1&sig=x' }],
  });
  const captionRoutes = (video = withTracks) => ({
    ...signedInRoutes(),
    'GET /video/31': { body: video },
    'GET /video/31/captions': { body: { tracks: [englishTrack] } },
    'GET /video/31/captions/en': { body: { ...englishTrack, text: VTT } },
  });
  const rowOf = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

  it('lists the tracks per language and plays them in the preview, English shown first', async () => {
    fixtureApi(captionRoutes());
    renderApp('/exercise-edit/31', { token: 't' });
    await screen.findByRole('heading', { name: 'Captions' });
    expect(await screen.findByText(/2 captions · saved by Tara Nguyen/)).toBeInTheDocument();
    expect(within(rowOf('Spanish')).getByText('No captions yet')).toBeInTheDocument();
    const track = screen.getByTestId('video-player').querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track.getAttribute('src')).toContain('/video-host/captions/');
    expect(track.default).toBe(true);
  });

  it('uploads a .vtt file for a language, and shows the server’s refusal of a file that is not WebVTT', async () => {
    const api = fixtureApi({
      ...captionRoutes(),
      'PUT /video/31/captions/es': ({ body }) =>
        (body as { text: string }).text.startsWith('WEBVTT')
          ? { body: { ...englishTrack, language: 'es', text: (body as { text: string }).text } }
          : problem(400, 'validation_failed', 'This is a SubRip (.srt) file, not WebVTT', {
              text: ['Save it as WebVTT (.vtt): the file starts with the line WEBVTT'],
            }),
    });
    renderApp('/exercise-edit/31', { token: 't' });
    await screen.findByText(/2 captions/);
    const input = screen.getByLabelText('Upload Spanish .vtt');
    const srt = new File(['1\n00:00:00,000 --> 00:00:02,000\nHola\n'], 'clase.srt', { type: 'application/x-subrip' });
    fireEvent.change(input, { target: { files: [srt] } });
    const refusal = await within(rowOf('Spanish')).findByRole('alert');
    expect(refusal).toHaveTextContent('This is a SubRip (.srt) file, not WebVTT');
    expect(refusal).toHaveTextContent('Save it as WebVTT (.vtt)');

    const vtt = new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nAcuéstese de lado.\n'], 'almeja.vtt', {
      type: 'text/vtt',
    });
    fireEvent.change(input, { target: { files: [vtt] } });
    await waitFor(() => expect(api.calls('PUT /video/31/captions/es')).toHaveLength(2));
    expect(api.calls('PUT /video/31/captions/es')[1]?.body).toEqual({
      text: 'WEBVTT\n\n00:00.000 --> 00:02.000\nAcuéstese de lado.\n',
    });
    expect(await screen.findByText('Spanish captions saved from almeja.vtt')).toBeInTheDocument();
    expect(within(rowOf('Spanish')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits a track’s timings and text in place, and removes a track after asking', async () => {
    const api = fixtureApi({
      ...captionRoutes(),
      'PUT /video/31/captions/en': ({ body }) => ({ body: { ...englishTrack, text: (body as { text: string }).text } }),
      'DELETE /video/31/captions/en': { status: 204 },
    });
    const app = renderApp('/exercise-edit/31', { token: 't' });
    await screen.findByText(/2 captions/);
    await app.user.click(screen.getByRole('button', { name: 'Edit English text' }));
    const text = await screen.findByRole('textbox', { name: 'English captions (WebVTT)' });
    expect(text).toHaveValue(VTT);
    expect(text).toHaveFocus();
    fireEvent.change(text, { target: { value: VTT.replace('00:02.000', '00:03.500') } });
    await app.user.click(screen.getByRole('button', { name: 'Save captions' }));
    await waitFor(() =>
      expect(api.calls('PUT /video/31/captions/en')[0]?.body).toEqual({ text: VTT.replace('00:02.000', '00:03.500') }),
    );
    expect(await screen.findByText('English captions saved')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'English captions (WebVTT)' })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Remove English' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls('DELETE /video/31/captions/en')).toHaveLength(1));
    expect(await screen.findByText('English captions removed')).toBeInTheDocument();
  });

  it('shows the tracks without changes to one who may not edit the video', async () => {
    fixtureApi(captionRoutes(makeVideo({ ...withTracks, can_edit: false, library: 'global', owner: null })));
    renderApp('/exercise-edit/31', { token: 't' });
    await screen.findByText(/2 captions/);
    expect(screen.queryByLabelText(/Upload .* \.vtt/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit English/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
