import type { InteractionLog } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { FakePeerConnection, fakeWebRtc } from '@web/testing/fake-webrtc.ts';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { clinic, makePatient, manager, signedInRoutes } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { act } from 'react';
import { describe, expect, it } from 'vitest';

const maria = makePatient();
const videoCall: InteractionLog = {
  id: 77,
  date: '2025-02-03',
  notes: '',
  kind: 'video',
  minutes: 2,
  started_at: '2025-02-03T15:30:00Z',
  created_by: { id: 7, display_name: 'Tara Nguyen' },
  created_at: '2025-02-03T15:33:00Z',
};
const logPage = (results: InteractionLog[]) => ({ count: results.length, next: null, previous: null, results });
const ended = { visit_id: 9, reason: 'hang_up', logged_minutes: 2, log_id: 77 };

function dashboard(user = signedInRoutes()) {
  return fixtureApi({
    ...user,
    'GET /api/v1/patients/101/': { body: maria },
    'GET /api/v1/patients/101/log_interaction/': { body: logPage([]) },
    'GET /api/v1/clinics/DEMO01/': { body: clinic() },
    'POST /api/v1/patients/101/log_interaction/note/': (request) => ({
      body: { ...videoCall, notes: (request.body as { notes: string }).notes },
    }),
  });
}

/** The server as the visit's tests in the API show it: the visit starts, signals are relayed, the hang-up ends it. */
function visitServer(start: unknown = { visit_id: 9, ice_servers: [] }, { patientOnVisit = false } = {}) {
  fakeSocket.answerWith((event) => {
    if (event === 'visit:start') return { ack: start };
    if (event === 'visit:signal') return { ack: { relayed: true } };
    if (event === 'visit:connection') return { ack: { visit_id: 9, connected_seconds: 0 } };
    if (event === 'visit:hang-up') return { ack: ended };
    if (event === 'visit:join')
      return { ack: { visit_id: 9, ice_servers: [], side: 'staff', other_joined: patientOnVisit } };
    return 'no answer';
  });
}

async function openPanel(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole('link', { name: 'Video visit' }));
  const panel = await screen.findByRole('dialog', { name: 'Video visit with Maria Garcia' });
  await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
  act(() => fakeSocket.goLive());
  return panel;
}

/** The therapist has started a visit from Maria's dashboard, and her phone rings. */
async function ringing() {
  dashboard();
  const { peers } = fakeWebRtc();
  visitServer();
  const app = renderApp('/patient/101/dashboard', { token: 't' });
  const panel = await openPanel(app);
  await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
  await within(panel).findByText('Calling Maria Garcia…');
  return { app, panel, peers };
}

const emitted = (event: string) =>
  fakeSocket.emitted.filter((sent) => sent.event === event).map((sent) => sent.payload);

describe('a video visit from the patient’s dashboard', () => {
  it('rings the patient, offers when the phone joins, and at the end says what it logged and saves a note on it', async () => {
    const api = dashboard();
    const { peers } = fakeWebRtc();
    visitServer();
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    expect(panel).toHaveTextContent('Your browser will ask to use your camera and microphone');
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    expect(await within(panel).findByText('Calling Maria Garcia…')).toBeInTheDocument();
    expect(emitted('visit:start')).toEqual([{ patient_id: 101 }]);

    act(() => fakeSocket.serverEmit('visit:joined', { visit_id: 9, side: 'patient' }));
    await waitFor(() =>
      expect(emitted('visit:signal')).toContainEqual({ visit_id: 9, description: { type: 'offer', sdp: 'v=0 offer' } }),
    );
    act(() => peers[0]!.connect());
    expect(await within(panel).findByRole('timer', { name: 'Time connected' })).toHaveTextContent('0:00');
    await waitFor(() => expect(emitted('visit:connection')).toContainEqual({ visit_id: 9, state: 'connected' }));
    const mute = within(panel).getByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');

    const logsBefore = api.calls('GET /api/v1/patients/101/log_interaction/').length;
    await app.user.click(within(panel).getByRole('button', { name: 'Hang up' }));
    expect(await within(panel).findByText('Logged as a live call of 2 minutes')).toBeInTheDocument();
    expect(emitted('visit:hang-up')).toEqual([{ visit_id: 9 }]);
    expect(peers[0]!.closed).toBe(true);

    await app.user.type(within(panel).getByLabelText('What did you discuss?'), 'Reviewed squats on video.');
    await app.user.click(within(panel).getByRole('button', { name: 'Save note' }));
    expect(await within(panel).findByText('The note is saved.')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/101/log_interaction/note/').map((request) => request.body)).toEqual([
      { log: 77, notes: 'Reviewed squats on video.' },
    ]);

    // Back on the dashboard, the interaction log reads the call the visit wrote.
    await app.user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.location().pathname).toBe('/patient/101/dashboard'));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/patients/101/log_interaction/').length).toBeGreaterThan(logsBefore),
    );
  });

  it('takes the visit back after its own connection dropped, and offers again to restart the media path', async () => {
    const { panel, peers } = await ringing();
    act(() => fakeSocket.serverEmit('visit:joined', { visit_id: 9, side: 'patient' }));
    await waitFor(() => expect(emitted('visit:signal')).toHaveLength(1));
    act(() => peers[0]!.connect());
    await within(panel).findByRole('timer', { name: 'Time connected' });

    act(() => fakeSocket.drop());
    expect(await within(panel).findByText(/Reconnecting…/)).toBeInTheDocument();
    act(() => fakeSocket.reconnect());
    await waitFor(() => expect(emitted('visit:join')).toEqual([{ visit_id: 9 }]));
    await waitFor(() =>
      expect(emitted('visit:signal').filter((body) => (body as { description?: unknown }).description)).toHaveLength(2),
    );
    await waitFor(() => expect(within(panel).queryByText(/Reconnecting…/)).not.toBeInTheDocument());
    expect(peers).toHaveLength(1);
  });

  it('says a visit under a minute was not logged', async () => {
    const { panel, peers } = await ringing();
    act(() => peers[0]!.connect());
    act(() =>
      fakeSocket.serverEmit('visit:ended', { visit_id: 9, reason: 'hang_up', logged_minutes: 0, log_id: null }),
    );
    expect(await within(panel).findByText('Not logged: under a minute connected')).toBeInTheDocument();
    expect(within(panel).queryByLabelText('What did you discuss?')).not.toBeInTheDocument();
  });

  it('says the camera is blocked and where to allow it, and offers the phone call’s form instead', async () => {
    dashboard();
    fakeWebRtc({ refuse: 'NotAllowedError' });
    visitServer();
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The camera and microphone are blocked');
    expect(alert).toHaveTextContent('allow the camera and the microphone for this site');
    expect(emitted('visit:start')).toEqual([]);

    await app.user.click(within(panel).getByRole('button', { name: 'Log a phone call instead' }));
    expect(screen.queryByRole('dialog', { name: 'Video visit with Maria Garcia' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Log a call' });
    await waitFor(() => expect(form).toContainElement(document.activeElement as HTMLElement));
  });

  it('offers audio only without a camera, and shows the server’s refusal in its words', async () => {
    dashboard();
    fakeWebRtc({ refuse: 'NotFoundError' });
    visitServer({
      problem: {
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        code: 'conflict',
        detail: 'This patient has no account in the app yet, so the visit cannot reach them',
      },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No camera was found');
    expect(within(panel).getByRole('button', { name: 'Log a phone call instead' })).toBeInTheDocument();

    fakeWebRtc();
    await app.user.click(within(panel).getByRole('button', { name: 'Call with audio only' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This patient has no account in the app yet, so the visit cannot reach them',
    );
    expect(within(panel).getByRole('button', { name: 'Log a phone call instead' })).toBeInTheDocument();
  });

  it('puts the keyboard on Hang up once the visit rings, and keeps it there through the call', async () => {
    const { panel, peers } = await ringing();
    const hangUp = within(panel).getByRole('button', { name: 'Hang up' });
    await waitFor(() => expect(hangUp).toHaveFocus());
    const mute = within(panel).getByRole('button', { name: 'Mute' });
    act(() => mute.focus());
    act(() => fakeSocket.serverEmit('visit:joined', { visit_id: 9, side: 'patient' }));
    act(() => peers[0]!.connect());
    await within(panel).findByRole('timer', { name: 'Time connected' });
    expect(mute).toHaveFocus();
  });

  it('keeps ringing when its own connection comes back before the patient answered, and offers once they do', async () => {
    dashboard();
    fakeWebRtc();
    visitServer();
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    await within(panel).findByText('Calling Maria Garcia…');
    act(() => fakeSocket.drop());
    act(() => fakeSocket.reconnect());
    await waitFor(() => expect(emitted('visit:join')).toEqual([{ visit_id: 9 }]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(panel).getByText('Calling Maria Garcia…')).toBeInTheDocument();
    expect(within(panel).queryByText(/answered/)).not.toBeInTheDocument();
    expect(emitted('visit:signal')).toEqual([]);

    act(() => fakeSocket.serverEmit('visit:joined', { visit_id: 9, side: 'patient' }));
    expect(await within(panel).findByText('Maria answered. Connecting…')).toBeInTheDocument();
    await waitFor(() =>
      expect(emitted('visit:signal')).toContainEqual({ visit_id: 9, description: { type: 'offer', sdp: 'v=0 offer' } }),
    );
  });

  it('offers when its own connection comes back after the patient answered while it was away', async () => {
    dashboard();
    fakeWebRtc();
    visitServer(undefined, { patientOnVisit: true });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    await within(panel).findByText('Calling Maria Garcia…');
    // The phone answers while the therapist's connection is down, so \`visit:joined\` never reaches this device.
    act(() => fakeSocket.drop());
    act(() => fakeSocket.reconnect());
    expect(await within(panel).findByText('Maria answered. Connecting…')).toBeInTheDocument();
    await waitFor(() =>
      expect(emitted('visit:signal')).toContainEqual({ visit_id: 9, description: { type: 'offer', sdp: 'v=0 offer' } }),
    );
  });

  it('starts no visit and turns the camera off when the page is left while the browser asks for the camera', async () => {
    dashboard();
    const { getUserMedia } = fakeWebRtc();
    visitServer();
    let allow: () => void = () => {};
    const stream = await getUserMedia({ audio: true, video: true });
    getUserMedia.mockImplementationOnce(() => new Promise((resolve) => (allow = () => resolve(stream))));
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    await within(panel).findByText('Waiting for your camera and microphone…');
    await act(() => app.router.navigate('/clinic-settings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      allow();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(emitted('visit:start')).toEqual([]);
    expect(stream.getTracks().every((track) => (track as unknown as { stopped: boolean }).stopped)).toBe(true);
  });

  it('hangs up a visit whose start was answered after the page was left, and sends nothing more for it', async () => {
    dashboard();
    fakeWebRtc();
    let answerStart: (ack: unknown) => void = () => {};
    const started = new Promise((resolve) => (answerStart = resolve));
    fakeSocket.answerWith((event) => {
      if (event === 'visit:start') return { ack: started };
      if (event === 'visit:hang-up') return { ack: ended };
      return { ack: { relayed: true } };
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const panel = await openPanel(app);
    await app.user.click(within(panel).getByRole('button', { name: 'Start video visit' }));
    await waitFor(() => expect(emitted('visit:start')).toHaveLength(1));
    await act(() => app.router.navigate('/clinic-settings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answerStart({ visit_id: 9, ice_servers: [] });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(emitted('visit:hang-up')).toEqual([{ visit_id: 9 }]);
    expect(emitted('visit:join')).toEqual([]);
    expect(FakePeerConnection.made).toEqual([]);
  });

  it('does not close on Escape while the note on the call is not saved', async () => {
    const { app, panel, peers } = await ringing();
    act(() => fakeSocket.serverEmit('visit:joined', { visit_id: 9, side: 'patient' }));
    act(() => peers[0]!.connect());
    await app.user.click(await within(panel).findByRole('button', { name: 'Hang up' }));
    const note = await within(panel).findByLabelText('What did you discuss?');
    await waitFor(() => expect(note).toHaveFocus());
    await app.user.type(note, 'Reviewed squats.');
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Video visit with Maria Garcia' })).toBeInTheDocument();
    await app.user.click(within(panel).getByRole('button', { name: 'Save note' }));
    await within(panel).findByText('The note is saved.');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered to a manager, who holds no visits', async () => {
    dashboard(signedInRoutes(manager));
    renderApp('/patient/101/dashboard', { token: 't' });
    expect(await screen.findByRole('heading', { name: /Maria Garcia/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Video visit' })).not.toBeInTheDocument();
  });

  it('at its own address, holds no visit for a manager or with a patient out of care, and leads back', async () => {
    dashboard(signedInRoutes(manager));
    const app = renderApp('/patient/101/visit', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'No video visit here' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the patient' })).toHaveAttribute('href', '/patient/101/dashboard');
    app.unmount();

    fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/101/': { body: { ...maria, status: 'discharged' } } });
    renderApp('/patient/101/visit', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'No video visit here' })).toBeInTheDocument();
    expect(emitted('visit:start')).toEqual([]);
  });
});
