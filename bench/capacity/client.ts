/**
 * The load client of the capacity benchmark, a process of its own (started by run.ts with an IPC channel): it holds
 * the simulated people, adds them as the steps grow, and answers each measuring window's latencies and errors by
 * kind of request. It never serves anything, so it shares no event loop with a server.
 */
import { inFlight, type Person, patient, therapist } from './people.ts';
import type { ClientCommand, ClientReply, KindStats } from './protocol.ts';

const people: Person[] = [];
let therapists = 0;
let patients = 0;
let latencies = new Map<string, number[]>();
let errors = new Map<string, number>();
let errorSamples = new Set<string>();

const record = (kind: string, ms: number, error?: string) => {
  if (error) {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    if (errorSamples.size < 10) errorSamples.add(error);
    return;
  }
  const list = latencies.get(kind);
  if (list) list.push(ms);
  else latencies.set(kind, [ms]);
};

const send = (reply: ClientReply) => process.send!(reply);

process.on('message', async (command: ClientCommand) => {
  switch (command.type) {
    case 'grow': {
      // A step's errors count from its first person on: a socket refused as a therapist joins fails the step too.
      errors = new Map();
      errorSamples = new Set();
      // The clinic's mix kept at every step: therapists first, up to their share of the people on line.
      const wantTherapists = Math.round(command.users * command.therapistShare);
      while (therapists < Math.min(wantTherapists, command.therapists.length)) {
        people.push(therapist(command.origin, command.therapists[therapists++]!, record));
      }
      while (patients < Math.min(command.users - wantTherapists, command.patients.length)) {
        people.push(patient(command.origin, command.patients[patients++]!, record));
      }
      send({ type: 'grown', therapists, patients });
      break;
    }
    case 'window-start':
      latencies = new Map();
      break;
    case 'window-end': {
      const now = performance.now();
      for (const { kind, start } of inFlight.values()) record(kind, now - start);
      const kinds: KindStats[] = [];
      for (const kind of new Set([...latencies.keys(), ...errors.keys()])) {
        kinds.push({ kind, latencies: latencies.get(kind) ?? [], errors: errors.get(kind) ?? 0 });
      }
      send({ type: 'window', kinds, errorSamples: [...errorSamples] });
      break;
    }
    case 'stop':
      await Promise.all(people.map((person) => person.stop()));
      send({ type: 'stopped' });
      process.disconnect();
      break;
  }
});
