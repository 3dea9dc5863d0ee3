import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { signedInRoutes, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { listOf, makeHepRequest, makeVideo } from '@web/testing/video-fixtures.ts';
import { describe, expect, it } from 'vitest';

const QUEUE = 'GET /video/hep_request';
const admin = { ...therapist, role: 'admin' as const };

const answered = makeHepRequest({
  status: 'answered',
  answer: 'Filmed: Seated marching',
  answered_by: { id: 1, display_name: 'Content Team' },
  answered_at: '2026-03-02T10:00:00.000Z',
  answer_video: { id: 32, title: 'Seated marching' },
});

describe('the video request queue', () => {
  it('shows the open requests oldest first, and filters by status and order on the server', async () => {
    const api = fixtureApi({ ...signedInRoutes(admin), [QUEUE]: { body: listOf([makeHepRequest()]) } });
    const app = renderApp('/admin/video-requests', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Requests' });
    expect(list).toHaveTextContent('Seated marching');
    expect(list).toHaveTextContent('Tara Nguyen · Clinic DEMO01');
    expect(within(list).getByText('Open')).toBeInTheDocument();
    const first = api.calls(QUEUE)[0]!.url.searchParams;
    expect([first.get('status'), first.get('order')]).toEqual(['open', 'oldest']);

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(screen.getByRole('option', { name: 'Answered' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)!.url.searchParams.get('status')).toBe('answered'));
    await app.user.click(screen.getByRole('combobox', { name: 'Order' }));
    await app.user.click(screen.getByRole('option', { name: 'Newest first' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)!.url.searchParams.get('order')).toBe('newest'));
  });

  it('says when nothing is open', async () => {
    fixtureApi({ ...signedInRoutes(admin), [QUEUE]: { body: listOf([]) } });
    renderApp('/admin/video-requests', { token: 't' });
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
  });

  it('shows an answered request with its answer, and no button to answer again', async () => {
    const api = fixtureApi({ ...signedInRoutes(admin), [QUEUE]: { body: listOf([answered]) } });
    renderApp('/admin/video-requests?status=answered', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Requests' });
    expect(api.calls(QUEUE)[0]!.url.searchParams.get('status')).toBe('answered');
    expect(list).toHaveTextContent('Answer: Filmed: Seated marching');
    expect(list).toHaveTextContent('Video: Seated marching');
    expect(list).toHaveTextContent('By Content Team');
    expect(within(list).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('says what failed and retries', async () => {
    let fails = true;
    fixtureApi({
      ...signedInRoutes(admin),
      [QUEUE]: () => (fails ? problem(503, 'unavailable') : { body: listOf([makeHepRequest()]) }),
    });
    const app = renderApp('/admin/video-requests', { token: 't' });
    expect(await screen.findByText('The requests could not be loaded')).toBeInTheDocument();
    fails = false;
    await app.user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByRole('list', { name: 'Requests' })).toHaveTextContent('Seated marching');
  });

  it('answers with words and a global video, then reads the queue again', async () => {
    let isAnswered = false;
    const api = fixtureApi({
      ...signedInRoutes(admin),
      [QUEUE]: () => ({ body: listOf(isAnswered ? [] : [makeHepRequest()]) }),
      'GET /video/list': { body: listOf([makeVideo({ id: 32, title: 'Seated marching', library: 'global' })]) },
      'POST /video/hep_request/4/answer': () => {
        isAnswered = true;
        return { body: answered };
      },
    });
    const app = renderApp('/admin/video-requests', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the request' });
    // Nothing is sent without words.
    await app.user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(api.calls('POST /video/hep_request/4/answer')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: /Answer/ }), 'Filmed: Seated marching');
    await app.user.type(within(dialog).getByRole('combobox', { name: /Video in the global library/ }), 'Seated');
    await app.user.click(await screen.findByRole('option', { name: /Seated marching/ }));
    expect(api.calls('GET /video/list').at(-1)!.url.searchParams.get('scope')).toBe('global');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.calls('POST /video/hep_request/4/answer')).toHaveLength(1));
    expect(api.calls('POST /video/hep_request/4/answer')[0]!.body).toEqual({
      answer: 'Filmed: Seated marching',
      video_id: 32,
      is_declined: false,
    });
    expect(await screen.findByText('No open requests')).toBeInTheDocument();
  });

  it('declines without a video, and says so when someone answered first', async () => {
    const api = fixtureApi({
      ...signedInRoutes(admin),
      [QUEUE]: { body: listOf([makeHepRequest()]) },
      'POST /video/hep_request/4/answer': problem(409, 'conflict', 'This request was already answered'),
    });
    const app = renderApp('/admin/video-requests', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the request' });
    await app.user.click(within(dialog).getByRole('checkbox', { name: /Decline/ }));
    expect(within(dialog).queryByRole('combobox', { name: /Video/ })).not.toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: /Answer/ }), 'Too long for one video');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This request was already answered')).toBeInTheDocument();
    expect(api.calls('POST /video/hep_request/4/answer')[0]!.body).toEqual({
      answer: 'Too long for one video',
      video_id: null,
      is_declined: true,
    });
  });

  it('is not a therapist’s screen', async () => {
    const api = fixtureApi(signedInRoutes());
    renderApp('/admin/video-requests', { token: 't' });
    expect(await screen.findByText('This page is for platform admins')).toBeInTheDocument();
    expect(api.calls(QUEUE)).toHaveLength(0);
  });
});
