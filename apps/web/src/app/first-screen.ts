import { isPatientSidePath } from '../config/paths.ts';
import { startEarly } from '../lib/early-requests.ts';
import { readSignedInSide, readToken } from '../lib/storage.ts';
import type { LandingScreen } from './landing-chunks.ts';

/**
 * What the first screen needs, started by the page's first script while the app's code loads (decision 1121): the
 * screen's own chunks (the router asks for the same modules later and finds them loaded or on their way) and, for a
 * signed-in tab, its first data. Only the screens people land on are listed; any other screen loads as before.
 * Each address here is the one the screen's query asks for (first-screen.test.ts checks them against the contract).
 */
export const firstScreenData = {
  currentUser: '/api/v1/users/',
  settingsInfo: '/user/settings-info',
  patientList: '/api/v1/patients/?page=1',
  patient: (id: string) => `/api/v1/patients/${id}/`,
  rtmStatus: (id: string) => `/api/v1/patients/${id}/rtm-status/`,
  patientMe: '/api/v1/patient/me/',
  patientToday: '/api/v1/patient/program/today/',
  patientChat: '/api/v1/patient/chat/',
};

const startChunks = (screen: LandingScreen) =>
  void import('./landing-chunks.ts').then((chunks) => chunks.startChunks(screen));

export function startFirstScreen({ pathname, search }: { pathname: string; search: string }) {
  const token = readToken();
  const path = pathname.replace(/\/+$/, '');
  const data = firstScreenData;
  // The data before the chunks: the browser's few connections to the server then carry it ahead of them.
  if (isPatientSidePath(pathname)) {
    if (!token || !path.startsWith('/my')) return;
    const isToday = path === '/my/today';
    startEarly([data.currentUser, ...(isToday ? [data.patientToday] : []), data.patientMe, data.patientChat], token);
    startChunks(isToday ? 'myToday' : 'myOther');
    return;
  }
  // A patient's tab on a staff address is sent to the patient's side: none of the staff's data is theirs to ask for.
  if (!token || readSignedInSide() === 'patient') return;
  const dashboard = /^\/patient\/(\d+)\/dashboard$/.exec(path);
  if (path === '/patients' && search === '') {
    startEarly([data.currentUser, data.patientList, data.settingsInfo], token);
    startChunks('patients');
  } else if (dashboard) {
    const id = dashboard[1]!;
    startEarly([data.currentUser, data.patient(id), data.settingsInfo, data.rtmStatus(id)], token);
    startChunks('patientDashboard');
  }
}
