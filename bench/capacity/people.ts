/**
 * What the people of a clinic day do, as the web app does it (the addresses are the ones its screens ask for; see
 * bench/README.md, "capacity", for the proportions and think times and why). Each person is one simulated browser:
 * a pool of at most 6 connections (a browser's per host), a therapist's tab also an open Socket.IO connection, and
 * pauses between actions, so a person is a steady, small load and "concurrent users" means people on line.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import type { PatientLogin, TherapistLogin } from './data.ts';

/** Where each request's time and outcome go, by kind of request. */
export type Recorder = (kind: string, ms: number, error?: string) => void;

const MONITORING_CONTEXT = 'MONITORING_CODE_PATIENT_DASHBOARD';
const HEARTBEAT_MS = 30_000;
const BROWSER_CONNECTIONS = 6;

const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/**
 * Requests sent and not answered yet, with their kind and start: a measuring window that ends while they wait counts
 * each as at least as slow as it has been, so an overloaded step cannot hide its slowest requests.
 */
export const inFlight = new Map<object, { kind: string; start: number }>();

/** A person's browser: requests with the person's token, timed and recorded; stopped people make no more. */
class Browser {
  readonly pool: Pool;
  stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    readonly origin: string,
    readonly token: string,
    readonly record: Recorder,
  ) {
    this.pool = new Pool(origin, { connections: BROWSER_CONNECTIONS });
  }

  /** One request; answers its JSON, or undefined when it failed (recorded as an error of its kind). */
  async call<T = unknown>(kind: string, method: string, path: string, body?: unknown): Promise<T | undefined> {
    if (this.stopped) return undefined;
    const start = performance.now();
    const ticket = {};
    inFlight.set(ticket, { kind, start });
    try {
      const res = await this.pool.request({
        method: method as 'GET',
        path,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json, application/problem+json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      const ms = performance.now() - start;
      if (res.statusCode >= 400) {
        this.record(kind, ms, `${method} ${path.replace(/\d+/g, ':id')} answered ${res.statusCode}`);
        return undefined;
      }
      this.record(kind, ms);
      return (text ? JSON.parse(text) : {}) as T;
    } catch (err) {
      // A request cut off by the person's own stop is no failure of the server.
      if (!this.stopped)
        this.record(
          kind,
          performance.now() - start,
          `${method} ${path.replace(/\d+/g, ':id')}: ${(err as Error).message}`,
        );
      return undefined;
    } finally {
      inFlight.delete(ticket);
    }
  }

  /** Several requests at once, as a screen starts its queries (the pool sends at most 6 at a time). */
  all(kind: string, paths: string[]) {
    return Promise.all(paths.map((path) => this.call(kind, 'GET', path)));
  }

  /** A pause (a person reading, typing, exercising); cut short when the person is stopped. */
  think(minSeconds: number, maxSeconds: number) {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, between(minSeconds, maxSeconds) * 1000);
      this.wake = done;
    });
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.pool.close();
  }
}

export type Person = { done: Promise<void>; stop: () => Promise<void> };

/**
 * A therapist's working loop: the patient list, then a patient's dashboard (its twelve reads at once) where the
 * therapist is monitored (a heart-beat every 30 s) for one to three minutes, in half the visits chatting with the
 * patient (the conversation list, the conversation, a message sent over the socket), then back to the list.
 */
export function therapist(origin: string, login: TherapistLogin, record: Recorder): Person {
  const browser = new Browser(origin, login.token, record);
  let socket: Socket | undefined;

  async function connect() {
    const start = performance.now();
    socket = io(origin, { transports: ['websocket'], auth: { token: login.token }, reconnection: false });
    await new Promise<void>((resolve) => {
      socket!.once('connect', () => {
        record('socket connect', performance.now() - start);
        resolve();
      });
      socket!.once('connect_error', (err) => {
        record('socket connect', performance.now() - start, `socket connect: ${err.message}`);
        resolve();
      });
    });
    socket.on('disconnect', (reason) => {
      if (!browser.stopped) record('socket connect', 0, `socket dropped: ${reason}`);
    });
  }

  async function chat(patientId: number) {
    await browser.call('chat: conversations', 'GET', '/chat/therapist?page=1&page_size=50');
    const session = await browser.call<{ id: number }>('chat: open', 'POST', '/chat/session', { patient: patientId });
    if (!session) return;
    await browser.call('chat: messages', 'GET', `/chat/message?session=${session.id}&page=1&page_size=25`);
    await browser.think(10, 30);
    if (browser.stopped || !socket?.connected) return;
    const start = performance.now();
    try {
      const ack = await socket.timeout(10_000).emitWithAck('send_message', {
        session: session.id,
        message: 'Good work this week. Keep the sets slow and stop if the pain goes above 4.',
        client_id: randomUUID(),
      });
      record('chat: send (socket)', performance.now() - start, ack?.message ? undefined : 'send_message refused');
    } catch (err) {
      record('chat: send (socket)', performance.now() - start, `send_message: ${(err as Error).message}`);
    }
  }

  async function dashboard(patientId: number) {
    const id = patientId;
    await browser.all('dashboard', [
      `/api/v1/patients/${id}/`,
      `/api/v1/patients/${id}/rtm-status/`,
      `/video/hep/therapist/${id}`,
      `/user/therapist/dashboard/progress/${id}?weeks_ago=0`,
      `/user/therapist/dashboard/progress/${id}/trend`,
      `/user/therapist/dashboard/functional-data/${id}`,
      `/api/v1/patients/${id}/reminders/`,
      `/api/v1/patients/${id}/reminders/sent/?page=1`,
      `/api/v1/patients/${id}/reminders/adherence/`,
      `/user/therapist/banners/${id}/snoozes`,
      `/api/v1/patients/${id}/log_interaction/?page=1`,
      `/api/v1/patients/${id}/monitoring/?page=1`,
    ]);
    const started = performance.now();
    const session = await browser.call<{ id: number }>('monitoring: start', 'POST', '/user/therapist/monitoring', {
      user_id: id,
      context: MONITORING_CONTEXT,
    });
    const beat = (end: boolean) =>
      session &&
      browser.call('monitoring: heart-beat', 'PUT', `/user/therapist/dashboard/monitoring/${session.id}`, {
        elapsed_seconds: Math.floor((performance.now() - started) / 1000),
        context: MONITORING_CONTEXT,
        ...(end ? { end_reason: 'left' } : {}),
      });
    // The tab's beats run on their own timer, whatever the therapist does on the page meanwhile (chatting included).
    const beats = setInterval(() => void beat(false), HEARTBEAT_MS);
    try {
      const stayMs = between(60, 180) * 1000;
      if (Math.random() < 0.5) {
        await browser.think(10, 40);
        await chat(id);
      }
      const left = stayMs - (performance.now() - started);
      if (left > 0) await browser.think(left / 1000, left / 1000);
    } finally {
      clearInterval(beats);
    }
    await beat(true);
  }

  async function loop() {
    await connect();
    // People joining a step are at any point of their day. A first pause about a cycle long spreads their first
    // screens so that, in the step's first half minute, they ask about as much as the people already on line.
    await browser.think(0, 120);
    while (!browser.stopped) {
      await browser.call('patient list', 'GET', '/api/v1/patients/?page=1');
      await browser.think(5, 15);
      if (browser.stopped || login.patientIds.length === 0) continue;
      await dashboard(pick(login.patientIds));
      await browser.think(2, 8);
    }
  }

  const done = loop();
  return {
    done,
    stop: async () => {
      socket?.disconnect();
      await browser.stop();
    },
  };
}

type Today = { items: { id: number; sets: number; reps: number; done_today: number; due_today: number }[] };

/**
 * A patient's session in the app: it opens on today's program, the patient does up to three exercises (45–90 s
 * each) and logs each one as it is done (the app then reads today and the patient again), looks at the week's
 * progress, and reads a while before the app is opened again.
 */
export function patient(origin: string, login: PatientLogin, record: Recorder): Person {
  const browser = new Browser(origin, login.token, record);

  async function loop() {
    // As for a therapist: joining patients spread so that they ask about what patients on line ask.
    await browser.think(0, 90);
    while (!browser.stopped) {
      const [, today] = (await browser.all('patient: open app', [
        '/api/v1/users/',
        '/api/v1/patient/program/today/',
        '/api/v1/patient/me/',
        '/api/v1/patient/chat/',
      ])) as [unknown, Today | undefined];
      for (const item of (today?.items ?? []).slice(0, 3)) {
        await browser.think(45, 90);
        if (browser.stopped) break;
        const now = new Date().toISOString();
        await browser.call('patient: log exercise', 'POST', '/api/v1/patient/exercise-logs/', {
          hep_id: item.id,
          sets_done: item.sets,
          reps_done: item.reps,
          pain: Math.floor(between(0, 5)),
          difficulty: pick(['easy', 'right', 'hard']),
          client_id: randomUUID(),
          sent_at: now,
        });
        await browser.all('patient: open app', ['/api/v1/patient/program/today/', '/api/v1/patient/me/']);
      }
      if (browser.stopped) break;
      await browser.think(5, 15);
      await browser.call('patient: progress', 'GET', '/api/v1/patient/progress/');
      await browser.think(30, 90);
    }
  }

  const done = loop();
  return { done, stop: () => browser.stop() };
}
