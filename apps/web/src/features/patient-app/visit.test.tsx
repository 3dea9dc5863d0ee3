import { visitEvents } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeSocket } from '@web/testing/fake-socket.ts';
import { fakeWebRtc } from '@web/testing/fake-webrtc.ts';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ringEvents } from './components/visit/visit-ring.tsx';
import { changeLanguage } from './i18n/i18n.ts';
import { patientRoutes } from './patient-fixtures.ts';

const ring = { visit_id: 12, staff_name: 'Tara Nguyen' };

/** Today on the phone, with the live connection up and the visit's server answering. */
async function phoneOnToday() {
  fixtureApi(patientRoutes());
  const { peers } = fakeWebRtc();
  fakeSocket.answerWith((event) => {
    if (event === 'visit:join') return { ack: { visit_id: 12, ice_servers: [], side: 'patient', other_joined: true } };
    if (event === 'visit:signal') return { ack: { relayed: true } };
    if (event === 'visit:connection') return { ack: { visit_id: 12, connected_seconds: 0 } };
    return 'no answer';
  });
  const app = renderApp('/my/today', { token: 'patient-token' });
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(fakeSocket.connections.length).toBeGreaterThan(0));
  act(() => fakeSocket.goLive());
  return { app, peers };
}

const emitted = (event: string) =>
  fakeSocket.emitted.filter((sent) => sent.event === event).map((sent) => sent.payload);

describe('a video visit on the patient’s phone', () => {
  beforeEach(() => changeLanguage('en'));

  it('rings over the page with who calls and three answers; “Not now” puts it away', async () => {
    const { app } = await phoneOnToday();
    act(() => fakeSocket.serverEmit('visit:ring', ring));
    const card = await screen.findByRole('alertdialog', { name: 'Video visit' });
    expect(card).toHaveTextContent('Tara Nguyen is calling you for a video visit');
    expect(card).toHaveTextContent('your phone asks to use the camera and microphone');
    expect(within(card).getByRole('button', { name: 'Answer with video' })).toHaveFocus();
    expect(within(card).getByRole('button', { name: 'Answer with audio only' })).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(emitted('visit:join')).toEqual([]);
    expect(app.location().pathname).toBe('/my/today');
  });

  it('stops ringing when the visit ends elsewhere', async () => {
    await phoneOnToday();
    act(() => fakeSocket.serverEmit('visit:ring', ring));
    await screen.findByRole('alertdialog', { name: 'Video visit' });
    act(() =>
      fakeSocket.serverEmit('visit:ended', { visit_id: 12, reason: 'unanswered', logged_minutes: 0, log_id: null }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('rings in Spanish, and answering with audio only joins the visit on its own screen without the camera', async () => {
    const { app, peers } = await phoneOnToday();
    await act(() => changeLanguage('es'));
    act(() => fakeSocket.serverEmit('visit:ring', ring));
    const card = await screen.findByRole('alertdialog', { name: 'Visita por video' });
    expect(card).toHaveTextContent('Tara Nguyen le está llamando para una visita por video');
    expect(within(card).getByRole('button', { name: 'Contestar con video' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ahora no' })).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Contestar solo con audio' }));

    await waitFor(() => expect(app.location().pathname).toBe('/my/visit/12'));
    await waitFor(() => expect(emitted('visit:join')).toEqual([{ visit_id: 12 }]));
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: false }));
    expect(await screen.findByText('Conectando con Tara Nguyen…')).toBeInTheDocument();

    // The staff side offers; the phone answers it.
    act(() =>
      fakeSocket.serverEmit('visit:signal', { visit_id: 12, description: { type: 'offer', sdp: 'v=0 offer' } }),
    );
    await waitFor(() =>
      expect(emitted('visit:signal')).toContainEqual({
        visit_id: 12,
        description: { type: 'answer', sdp: 'v=0 answer' },
      }),
    );
    act(() => peers[0]!.connect());
    expect(await screen.findByRole('timer', { name: 'Tiempo conectado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colgar' })).toBeInTheDocument();

    act(() => fakeSocket.serverEmit('visit:ended', { visit_id: 12, reason: 'hang_up', logged_minutes: 1, log_id: 3 }));
    expect(await screen.findByRole('heading', { name: 'La visita ha terminado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Hoy' })).toHaveAttribute('href', '/my/today');
  });

  it('after answering, puts the keyboard on Hang up and leaves no answer in the history for a reload or Back', async () => {
    const { app } = await phoneOnToday();
    act(() => fakeSocket.serverEmit('visit:ring', ring));
    await app.user.click(await screen.findByRole('button', { name: 'Answer with video' }));
    await waitFor(() => expect(emitted('visit:join')).toEqual([{ visit_id: 12 }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hang up' })).toHaveFocus());
    expect(app.location().pathname).toBe('/my/visit/12');
    expect(app.location().state).toBeNull();
    // The screen still says who calls.
    expect(screen.getByText('Connecting to Tara Nguyen…')).toBeInTheDocument();
  });

  it('listens for the ring and its end by the contract’s event names', () => {
    expect(ringEvents).toEqual({ ring: visitEvents.ring, ended: visitEvents.ended });
  });

  it('joins again on the same visit when the connection comes back after a drop', async () => {
    const { app, peers } = await phoneOnToday();
    act(() => fakeSocket.serverEmit('visit:ring', ring));
    await app.user.click(await screen.findByRole('button', { name: 'Answer with video' }));
    await waitFor(() => expect(emitted('visit:join')).toHaveLength(1));
    act(() => peers[0]!.connect());
    await screen.findByRole('timer', { name: 'Time connected' });

    act(() => fakeSocket.drop());
    expect(await screen.findByText('Reconnecting… Stay on this screen.')).toBeInTheDocument();
    act(() => fakeSocket.reconnect());
    await waitFor(() => expect(emitted('visit:join')).toEqual([{ visit_id: 12 }, { visit_id: 12 }]));
    // The server took this side as gone with its socket: it hears that the call is still connected.
    await waitFor(() =>
      expect(
        emitted('visit:connection').filter((body) => (body as { state: string }).state === 'connected'),
      ).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByText('Reconnecting… Stay on this screen.')).not.toBeInTheDocument());
    expect(app.location().pathname).toBe('/my/visit/12');
  });
});
