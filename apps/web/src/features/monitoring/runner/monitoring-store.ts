import { type MonitoringTimer, type MonitoringTimerEvent, nextMonitoringTimer, stoppedTimer } from '@rehabit/contract';
import { registerReset } from '@web/lib/client-state.ts';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { MonitoringTarget } from './monitoring-session.ts';

type Claim = { key: number; target: MonitoringTarget };

/** Monitoring the server refused on the screen open now (the patient was discharged or removed), and why. */
export type MonitoringRefusal = { displayName: string; why: string };

type MonitoringState = {
  /** The counter of the pill and banner (decision 0704). */
  timer: MonitoringTimer;
  /** Screens that monitor a patient, in the order they opened: the latest one is monitored. */
  claims: Claim[];
  /** Screens open now on which nobody is monitored, whatever else is open (a video visit logs its own time). */
  pauses: number;
  refusal: MonitoringRefusal | null;
  dispatch: (event: MonitoringTimerEvent) => void;
  setRefusal: (refusal: MonitoringRefusal | null) => void;
};

const initial = { timer: stoppedTimer, claims: [] as Claim[], pauses: 0, refusal: null };

/** The one monitoring store: the timer's state, which patient the screens on show ask to monitor, any refusal. */
export const useMonitoringStore = create<MonitoringState>()((set) => ({
  ...initial,
  dispatch: (event) => set((state) => ({ timer: nextMonitoringTimer(state.timer, event) })),
  setRefusal: (refusal) => set({ refusal }),
}));

registerReset(() => useMonitoringStore.setState(initial));

/**
 * The patient monitored now: the claim of the screen opened last (the chat panel over a dashboard), unless a screen
 * open now pauses monitoring.
 */
export const useMonitoredTarget = () =>
  useMonitoringStore((state) => (state.pauses > 0 ? null : (state.claims.at(-1)?.target ?? null)));

/**
 * A screen on which the clinician is monitored on no patient while it is open, even with the chat panel open on
 * one: the video visit, whose own measured minutes are the call's (decision 1410).
 */
export function usePausedMonitoring() {
  useEffect(() => {
    useMonitoringStore.setState((state) => ({ pauses: state.pauses + 1 }));
    return () => useMonitoringStore.setState((state) => ({ pauses: state.pauses - 1 }));
  }, []);
}

let nextKey = 1;

/**
 * A screen about one patient asks for the clinician to be monitored on them while it is open; `null` asks nothing
 * (the patient is not loaded yet, or cannot be monitored). Whether the user is monitored at all is decided above.
 */
export function useMonitoredPatient(target: MonitoringTarget | null) {
  const patientId = target?.patientId;
  const displayName = target?.displayName;
  const code = target?.code;
  const origin = target?.origin;
  useEffect(() => {
    if (patientId === undefined || displayName === undefined || code === undefined || origin === undefined) return;
    const claim = { key: nextKey++, target: { patientId, displayName, code, origin } };
    useMonitoringStore.setState((state) => ({ claims: [...state.claims, claim] }));
    return () => useMonitoringStore.setState((state) => ({ claims: state.claims.filter((c) => c !== claim) }));
  }, [patientId, displayName, code, origin]);
}
