/**
 * The input of the billing rules (`computeBillingUnits`, `billingProgress`) for a clinic's patients, read from the
 * database: episodes as the clinic's calendar days, one data event per patient, kind and day (per patient and day of
 * the current window, for a status), monitored sessions and live calls. What the rules do with it is theirs alone; this file only gathers.
 */
import { type BillingEventKind, type BillingInput, statusDataFrom } from '@rehabit/contract';
import { readAll } from '../../db/client.ts';
import { DATA_DAY_METRICS } from '../../db/data-days.ts';
import { clinicScope } from '../../db/scope.ts';
import { addDays, localDateOf, middayOf } from '../../lib/calendar.ts';
import type { TxData } from '../data-access.ts';
import type { InputSpan } from './billing-inputs.repository.ts';

/** An episode with who treated and what for: the rendering therapist and ICD-10 of its dates of service. */
export type BillingEpisode = { start: string; end: string | null; therapistId: number | null; diagnosis: string };

export type PatientBillingInput = {
  patientId: number;
  input: BillingInput;
  episodes: BillingEpisode[];
  /** The span's live calls as logged: their days and who logged them. */
  calls: { date: string; minutes: number; userId: number | null }[];
};

export type BillingInputsQuery = {
  /** The clinic read: one its caller has found in its own scope (a billed clinic, a patient's). */
  clinicId: number;
  /** The last calendar day read (the clinic's), included. */
  until: string;
  /** The first day whose sessions and calls are read; the first of `until`'s month when left out. */
  from?: string;
  patientIds?: number[];
  /**
   * Only the data days a status of `until` needs (`statusDataFrom`: the window holding it), for the RTM statuses
   * of a clinic; billing itself reads each episode's whole history.
   */
  forStatus?: boolean;
  /** The clinic's timezone, when the caller has just read it (to learn `until`); read here otherwise. */
  timezone?: string;
};

const DAY_MS = 86_400_000;

/** What a patient's open episode shows on the day read up to: banners and task rules decide from it. */
export type OpenEpisodeFacts = {
  /** The open episode's first day. */
  onboardedOn: string;
  /** A live call is logged in the month read (the query's default span: the first of the month to `until`). */
  hasLiveCallThisMonth: boolean;
  /** The last data day (the clinic's calendar), null without any. */
  lastDataDay: string | null;
};

/** The facts of a patient's open episode from their billing input, read once; null without an open episode. */
export function openEpisodeFacts(found: PatientBillingInput): OpenEpisodeFacts | null {
  const open = found.input.episodes.find((e) => e.end === null);
  if (!open) return null;
  // The last data day of the current episode: before it, the days count from its start (the `data=quiet` rule).
  const lastDataDay = found.input.dataEvents
    .map((e) => localDateOf(new Date(e.at), found.input.timezone))
    .filter((day) => day >= open.start)
    .reduce<string | null>((a, b) => (a && a > b ? a : b), null);
  return {
    onboardedOn: open.start,
    // Calls are read from the first of the clinic's month on.
    hasLiveCallThisMonth: found.input.calls.length > 0,
    lastDataDay,
  };
}

/** The billing inputs read through a call's data access (decision 1345), each query's clinic in its own scope. */
export function createBillingInputs(data: TxData) {
  return {
    /** Every patient with an episode in the span, covered or not (the rules decide), in patient id order. */
    async inputsOf(query: BillingInputsQuery): Promise<PatientBillingInput[]> {
      const repo = data.within(clinicScope(query.clinicId)).billingInputs;
      const timezone = query.timezone ?? (await repo.timezoneOf());
      if (!timezone) return [];
      const fromDay = query.from ?? `${query.until.slice(0, 7)}-01`;
      const toDay = addDays(query.until, 1);
      // Clocks run from UTC−12 to UTC+14: a day either side holds every instant of the days; the rules are exact.
      const span: InputSpan = {
        patientIds: query.patientIds,
        from: new Date(Date.parse(`${fromDay}T00:00:00Z`) - DAY_MS),
        to: new Date(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS),
        fromDay,
        toDay,
      };
      // Episodes, sessions and calls in one round trip; the data days then, from what the episodes tell.
      const { episodes: episodeRows, sessions, calls } = await repo.spanOf(span);
      if (episodeRows.length === 0) return [];

      const byPatient = new Map<number, PatientBillingInput>();
      for (const row of episodeRows) {
        let found = byPatient.get(row.patientId);
        if (!found) {
          found = {
            patientId: row.patientId,
            input: {
              timezone,
              isCovered: row.isCovered,
              hasConsent: row.consentDate !== null,
              episodes: [],
              dataEvents: [],
              monitoredSessions: [],
              calls: [],
            },
            episodes: [],
            calls: [],
          };
          byPatient.set(row.patientId, found);
        }
        const episode = {
          start: localDateOf(row.startedAt, timezone),
          end: row.endedAt ? localDateOf(row.endedAt, timezone) : null,
        };
        found.input.episodes.push(episode);
        found.episodes.push({ ...episode, therapistId: row.therapistId, diagnosis: row.diagnosis });
      }

      const scoped = { ...span, patientIds: query.patientIds ?? [...byPatient.keys()] };
      const push = (patientId: number, event: { at: string; kind: BillingEventKind }) =>
        byPatient.get(patientId)?.input.dataEvents.push(event);
      /** Each patient's data days from the start of the window holding `until`, one row per day. */
      const statusDataDays = async () => {
        const from = [...byPatient.values()].flatMap(({ patientId, input }) => {
          const day = statusDataFrom(input.episodes, query.until);
          return day ? [{ patientId, day }] : [];
        });
        for (const row of await repo.dataDaysFrom(timezone, from, toDay)) {
          push(row.patientId, { at: row.at, kind: row.kind });
        }
      };

      /** Data days from the earliest episode's start: set-up bills once per episode, so its whole history counts. */
      const historyDataDays = async () => {
        const firstDay = [...byPatient.values()]
          .flatMap((p) => p.input.episodes.map((e) => e.start))
          .reduce((a, b) => (a < b ? a : b));
        const [exercises, metrics, outcomes] = await readAll(data.db, [
          () => repo.exerciseDays(scoped, firstDay),
          () => repo.metricDays(scoped, firstDay),
          () => repo.outcomeDays(scoped, firstDay),
        ]);
        for (const row of exercises) if (row.at) push(row.patientId, { at: row.at.toISOString(), kind: 'exercise' });
        for (const row of metrics) {
          const kind = DATA_DAY_METRICS[row.kind as keyof typeof DATA_DAY_METRICS];
          if (row.at && kind) push(row.patientId, { at: row.at.toISOString(), kind });
        }
        for (const row of outcomes) {
          push(row.patientId, { at: middayOf(row.date, timezone).toISOString(), kind: 'prom' });
        }
      };
      await (query.forStatus ? statusDataDays() : historyDataDays());
      for (const row of sessions) {
        byPatient.get(row.patientId)?.input.monitoredSessions.push({
          at: row.startedAt.toISOString(),
          seconds: row.seconds,
          staff: row.userId,
        });
      }
      for (const row of calls) {
        const found = byPatient.get(row.patientId);
        if (!found) continue;
        found.input.calls.push({
          at: middayOf(row.date, timezone).toISOString(),
          minutes: row.minutes,
          kind: row.kind,
        });
        found.calls.push({ date: row.date, minutes: row.minutes, userId: row.userId });
      }
      return [...byPatient.values()].sort((a, b) => a.patientId - b.patientId);
    },
  };
}
