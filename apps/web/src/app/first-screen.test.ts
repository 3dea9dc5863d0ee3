import {
  authEndpoints,
  fillPath,
  patientAppEndpoints,
  patientEndpoints,
  patientProgramEndpoints,
  rtmStatusEndpoints,
} from '@rehabit/contract';
import { useAuthStore } from '@web/features/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../lib/api-client.ts';
import { ACCESS_TOKEN_KEY } from '../lib/storage.ts';
import { therapist, userPage } from '../testing/fixtures.ts';
import { firstScreenData, startFirstScreen } from './first-screen.ts';

// Which screen's chunks it starts is checked here; the chunks themselves are not loaded.
const startChunks = vi.hoisted(() => vi.fn());
vi.mock('./landing-chunks.ts', () => ({ startChunks }));

const origin = window.location.origin;
const me = userPage(therapist);

describe('the first screen’s data, started before the app’s code', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    startChunks.mockClear();
    fetchMock.mockImplementation(async () => Response.json(me));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    useAuthStore.setState({ token: null });
  });
  const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

  it('asks for the addresses the screens’ queries ask for', () => {
    expect(firstScreenData.currentUser).toBe(authEndpoints.currentUser.path);
    expect(firstScreenData.settingsInfo).toBe(authEndpoints.settingsInfo.path);
    expect(firstScreenData.patientList).toBe(`${patientEndpoints.list.path}?page=1`);
    expect(firstScreenData.patient('5')).toBe(fillPath(patientEndpoints.detail.path, { id: 5 }));
    expect(firstScreenData.rtmStatus('5')).toBe(fillPath(rtmStatusEndpoints.patient.path, { id: 5 }));
    expect(firstScreenData.patientMe).toBe(patientAppEndpoints.me.path);
    expect(firstScreenData.patientChat).toBe(patientAppEndpoints.chat.path);
    expect(firstScreenData.patientToday).toBe(patientProgramEndpoints.today.path);
  });

  it('starts a signed-in patient list’s data, which the API client then takes once', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
    useAuthStore.setState({ token: 'staff-token' });
    startFirstScreen({ pathname: '/patients', search: '' });
    expect(urls()).toEqual([
      `${origin}/api/v1/users/`,
      `${origin}/api/v1/patients/?page=1`,
      `${origin}/user/settings-info`,
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer staff-token' });
    await vi.waitFor(() => expect(startChunks).toHaveBeenCalledWith('patients'));

    await call(authEndpoints.currentUser);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Taken once: the next call asks the server again.
    await call(authEndpoints.currentUser);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('is not handed to another session', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'old-token');
    startFirstScreen({ pathname: '/patient/5/dashboard', search: '' });
    expect(urls()).toContain(`${origin}/api/v1/patients/5/`);
    useAuthStore.setState({ token: 'new-token' });
    await call(authEndpoints.currentUser);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(fetchMock.mock.calls[4]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer new-token' });
  });

  it('is dropped after a change, which may make it stale', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
    useAuthStore.setState({ token: 'staff-token' });
    startFirstScreen({ pathname: '/patients', search: '' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await call(authEndpoints.cancelFeatureNotification).catch(() => undefined);
    await call(authEndpoints.currentUser);
    // The change and a fresh read: the early answer was not used.
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('starts nothing without a session, or for a filtered list', async () => {
    startFirstScreen({ pathname: '/my/today', search: '' });
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
    startFirstScreen({ pathname: '/patients', search: '?search=ana' });
    startFirstScreen({ pathname: '/login', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A first visit starts no screen's chunks.
    expect(startChunks).not.toHaveBeenCalled();
  });

  it('starts none of the staff’s data for a patient’s tab on a staff address', async () => {
    // The patient signed in on their side; the staff app sends them back there.
    useAuthStore.getState().signinSucceeded('patient-token', 'patient');
    startFirstScreen({ pathname: '/patients', search: '' });
    startFirstScreen({ pathname: '/patient/5/dashboard', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
    // A staff sign-in in the same browser starts them again.
    useAuthStore.getState().signinSucceeded('staff-token');
    startFirstScreen({ pathname: '/patients', search: '' });
    expect(urls()).toContain(`${origin}/api/v1/patients/?page=1`);
  });

  it('starts a signed-in patient’s Today', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'patient-token');
    startFirstScreen({ pathname: '/my/today', search: '' });
    expect(urls()).toEqual([
      `${origin}/api/v1/users/`,
      `${origin}/api/v1/patient/program/today/`,
      `${origin}/api/v1/patient/me/`,
      `${origin}/api/v1/patient/chat/`,
    ]);
    await vi.waitFor(() => expect(startChunks).toHaveBeenCalledWith('myToday'));
  });
});
