/** What run.ts and the load client (client.ts) say to each other over the client's IPC channel. */
import type { PatientLogin, TherapistLogin } from './data.ts';

export type ClientCommand =
  | {
      type: 'grow';
      origin: string;
      /** People on line after this step, of whom `therapistShare` therapists. */
      users: number;
      therapistShare: number;
      therapists: TherapistLogin[];
      patients: PatientLogin[];
    }
  | { type: 'window-start' }
  | { type: 'window-end' }
  | { type: 'stop' };

/** One kind of request's successful latencies (ms) and failures in a window. */
export type KindStats = { kind: string; latencies: number[]; errors: number };

export type ClientReply =
  | { type: 'grown'; therapists: number; patients: number }
  | { type: 'window'; kinds: KindStats[]; errorSamples: string[] }
  | { type: 'stopped' };
