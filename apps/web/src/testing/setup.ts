import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { useOutboxStore } from '@web/features/chat';
import { useMonitoringStore } from '@web/features/monitoring';
import { useExerciseOutbox } from '@web/features/patient-app';
import { useAuthStore } from '@web/features/session';
import { afterEach, beforeEach, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { useChatPanelStore } from '../components/layouts/chat-panel-store.ts';
import { markFirstScreenDrawn } from '../lib/first-screen-drawn.ts';
import { useUiStore } from '../lib/ui-store.ts';
import { fakeSocket } from './fake-socket.ts';

// The device's clock reads UTC, whatever the machine's zone: staff screens name the clinic's zone when it differs
// (decision 1252), so what a test reads must not depend on where it runs. A test may set another zone.
process.env.TZ = 'UTC';

// No test opens a real socket; chat tests push server events through the fake.
vi.mock('socket.io-client', async () => (await import('./fake-socket.ts')).fakeSocketModule);

// Tests start with the first screen drawn: live connections open with their first listener, without waiting.
markFirstScreenDrawn();

// Screens are lazy routes: the first render of one in a test file compiles its modules, which took
// more than 4 s on a two-core machine running the browser journeys and the API suite beside these.
configure({ asyncUtilTimeout: 12_000 });

const reset = <State>(store: StoreApi<State>) => store.setState(store.getInitialState(), true);

beforeEach(() => {
  // jsdom does not scroll; tests read the calls instead.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  // jsdom has no canvas: it answers as a browser without one would (no context), instead of logging "not implemented".
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

afterEach(() => {
  cleanup();
  fakeSocket.reset();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Test files share their modules (decision 1300): each test starts from the stores as a fresh page has them.
  reset(useAuthStore);
  reset(useUiStore);
  reset(useChatPanelStore);
  reset(useMonitoringStore);
  reset(useOutboxStore);
  reset(useExerciseOutbox);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
