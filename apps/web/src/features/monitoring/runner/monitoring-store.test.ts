import { renderHook } from '@testing-library/react';
import { resetClientStores } from '@web/lib/client-state.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitoringTarget } from './monitoring-session.ts';
import {
  useMonitoredPatient,
  useMonitoredTarget,
  useMonitoringStore,
  usePausedMonitoring,
} from './monitoring-store.ts';

const dashboard: MonitoringTarget = {
  patientId: 7,
  displayName: 'Maria L.',
  code: 'MONITORING_CODE_PATIENT_DASHBOARD',
  origin: 'dashboard',
};
const chatPanel: MonitoringTarget = {
  patientId: 9,
  displayName: 'Ann B.',
  code: 'MONITORING_CODE_DESKTOP_CHAT',
  origin: 'desktop-chat',
};

const monitored = () => useMonitoringStore.getState().claims.at(-1)?.target ?? null;

afterEach(() => resetClientStores());

describe('which patient the screens on show monitor', () => {
  it('is the screen opened last, and falls back when it closes', () => {
    const page = renderHook(() => useMonitoredPatient(dashboard));
    expect(monitored()).toEqual(dashboard);
    const panel = renderHook(() => useMonitoredPatient(chatPanel));
    expect(monitored()).toEqual(chatPanel);
    panel.unmount();
    expect(monitored()).toEqual(dashboard);
    page.unmount();
    expect(monitored()).toBeNull();
  });

  it('is nobody while a video visit is open, even with the chat panel opened on a patient after it', () => {
    renderHook(() => useMonitoredPatient(dashboard));
    const target = renderHook(() => useMonitoredTarget());
    const visit = renderHook(() => usePausedMonitoring());
    const panel = renderHook(() => useMonitoredPatient(chatPanel));
    target.rerender();
    expect(target.result.current).toBeNull();
    visit.unmount();
    target.rerender();
    expect(target.result.current).toEqual(chatPanel);
    panel.unmount();
  });

  it('asks nothing for a patient who is not loaded or cannot be monitored', () => {
    renderHook(() => useMonitoredPatient(null));
    expect(monitored()).toBeNull();
  });

  it('follows a screen that moves to another patient or context', () => {
    const screen = renderHook((target: MonitoringTarget) => useMonitoredPatient(target), { initialProps: dashboard });
    screen.rerender({ ...dashboard, patientId: 8, displayName: 'Otto K.' });
    expect(useMonitoringStore.getState().claims.map((claim) => claim.target.patientId)).toEqual([8]);
  });

  it('is forgotten with the timer at sign-out', () => {
    renderHook(() => useMonitoredPatient(dashboard));
    useMonitoringStore.getState().dispatch({ type: 'code', code: dashboard.code });
    useMonitoringStore.getState().dispatch({ type: 'flag', isOn: true });
    useMonitoringStore.getState().dispatch({ type: 'tick' });
    resetClientStores();
    expect(useMonitoringStore.getState()).toMatchObject({ claims: [], timer: { seconds: 0, isOn: false, code: null } });
  });
});
