import { PATIENT_CACHES, SKIP_WAITING } from '@web/service-worker/patient-caches.ts';
import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, clearPatientCaches, postersOf, registerPatientWorker } from './patient-worker.ts';

/** A service worker whose state the test moves on. */
function fakeWorker(state: ServiceWorkerState) {
  const target = new EventTarget();
  const worker = Object.assign(target, { state, postMessage: vi.fn() });
  const moveTo = (next: ServiceWorkerState) => {
    worker.state = next;
    target.dispatchEvent(new Event('statechange'));
  };
  return { worker: worker as unknown as ServiceWorker & { postMessage: ReturnType<typeof vi.fn> }, moveTo };
}

function fakeContainer(registration: Partial<ServiceWorkerRegistration>, controller: ServiceWorker | null = null) {
  const events = new EventTarget();
  const container = {
    controller,
    register: vi.fn(async () => Object.assign(new EventTarget(), registration) as ServiceWorkerRegistration),
    addEventListener: events.addEventListener.bind(events) as ServiceWorkerContainer['addEventListener'],
  };
  return { container, fire: (type: string) => events.dispatchEvent(new Event(type)) };
}

describe('the patient worker seen from the page (decision 1355)', () => {
  it('registers the patient worker for /my/ only, and keeps the first answers once a first install is active', async () => {
    const installing = fakeWorker('installing');
    const { container } = fakeContainer({ active: null, waiting: null, installing: installing.worker });
    const onFirstInstall = vi.fn();
    const onWaiting = vi.fn();
    await registerPatientWorker(container, { onWaiting, onFirstInstall });

    expect(container.register).toHaveBeenCalledWith('/patient-sw.js', { scope: '/my/' });
    installing.moveTo('installed');
    expect(onWaiting).not.toHaveBeenCalled();
    installing.moveTo('activated');
    expect(onFirstInstall).toHaveBeenCalledOnce();
  });

  it('offers a new version that waits while an older one controls the page', async () => {
    const active = fakeWorker('activated');
    const waiting = fakeWorker('installed');
    const { container } = fakeContainer({ active: active.worker, waiting: waiting.worker }, active.worker);
    const onWaiting = vi.fn();
    const onFirstInstall = vi.fn();
    await registerPatientWorker(container, { onWaiting, onFirstInstall });

    expect(onWaiting).toHaveBeenCalledOnce();
    expect(onFirstInstall).not.toHaveBeenCalled();
  });

  it('on "Reload", asks the waiting version to take over and reloads once it has', () => {
    const waiting = fakeWorker('installed');
    const { container, fire } = fakeContainer({});
    const reload = vi.fn();
    applyUpdate(container, { waiting: waiting.worker } as unknown as ServiceWorkerRegistration, reload);

    expect(waiting.worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
    expect(reload).not.toHaveBeenCalled();
    fire('controllerchange');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('on "Reload" after another tab already switched to the new version, only reloads', () => {
    const { container } = fakeContainer({});
    const reload = vi.fn();
    applyUpdate(container, { waiting: null } as unknown as ServiceWorkerRegistration, reload);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("deletes the patient's answers and posters at sign-out", async () => {
    const storage = { delete: vi.fn(async (_name: string) => true) };
    await clearPatientCaches(storage);
    expect(storage.delete.mock.calls.map(([name]) => name)).toEqual([...PATIENT_CACHES]);
    await expect(clearPatientCaches(undefined)).resolves.toBeUndefined();
  });

  it("reads the posters' links of Today's exercises", () => {
    const today = {
      items: [
        { video: { poster_url: '/video-host/poster/a?sig=1' } },
        { video: { poster_url: null } },
        { video: null },
      ],
    };
    expect(postersOf(today)).toEqual(['/video-host/poster/a?sig=1']);
    expect(postersOf(null)).toEqual([]);
  });
});
