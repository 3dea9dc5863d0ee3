/**
 * A calendar month's RTM minutes, for the billing rules to call; decisions 0701 and 1290.
 *
 * - `minutesOfPatient({ clinicId, patientId, month })`: one patient's month.
 * - `minutesOfClinic({ clinicId, month })`: every patient of the clinic with a session or a live call that month.
 * - `minutesByStaff({ clinicId, month })`: the same, split per staff member (who was monitored or logged the call),
 *   with the number of calls each logged.
 * - `entriesOfPatient(…)` and `entriesOfClinic(…)`: the sessions and calls themselves, with the minutes computed from
 *   those very rows, for the read and the audit export (decision 0702).
 *
 * Each answers `monitoredSeconds` (the sessions' counted seconds, open sessions with what they counted so far),
 * `callMinutes` (the logged live calls' minutes: phone or video, never a chat message; deleted logs left out),
 * `totalMinutes` = floor((monitoredSeconds + callMinutes × 60) / 60), and `hasLiveCall` (one such call at least).
 * `month` is `YYYY-MM`, the clinic's calendar month in its own timezone: a session counts in the month its
 * `started_at` falls in there, a call in the month of its `date` (a calendar day already). Only the clinic's rows
 * are read. A patient's monitored seconds are the union of the staff's sessions (`monitoredSecondsOf`, decision
 * 1290): staff on the patient at the same time count once. A staff member's are their own sessions' seconds, so
 * per staff the seconds add up to the patient's or more (by the overlaps); the call minutes add up exactly.
 */
import { type InteractionLog, monitoredSecondsOf } from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import { clinicMonthOf, localDateTimeOf } from '../../lib/calendar.ts';
import { fieldError } from '../../lib/errors.ts';
import type { TxData } from '../data-access.ts';
import type { CountedSession, LoggedCall } from './monitoring.repository.ts';

export type MonthlyMinutes = {
  monitoredSeconds: number;
  callMinutes: number;
  totalMinutes: number;
  hasLiveCall: boolean;
};
export type PatientMonthlyMinutes = MonthlyMinutes & { patientId: number };
/** `userId` is null for calls whose logging account no longer exists; `calls` counts the live calls logged. */
export type StaffMonthlyMinutes = PatientMonthlyMinutes & { userId: number | null; calls: number };

/** A session counted in the month, with its start as the clinic's clocks showed it (`YYYY-MM-DDTHH:mm:ss±hh:mm`). */
export type MonthSession = CountedSession & { localStart: string };
/** What a month counts, row by row: its sessions and its live calls. */
export type MonthEntries = { sessions: MonthSession[]; calls: LoggedCall[] };
/** One patient's month: the rows and the minutes they add up to. */
export type PatientMonthEntries = MonthEntries & { patientId: number; minutes: MonthlyMinutes };

/** The interaction-log kinds that are live calls. */
export const LIVE_CALL_KINDS = ['phone', 'video'] as const satisfies readonly InteractionLog['kind'][];

const DAY_MS = 86_400_000;

/** The month's calendar days `[from, to)` and an instant span sure to hold its every instant in any timezone. */
function spanOf(month: string) {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  // A bad month is refused as bad input (400), wherever it came from.
  if (!match) throw fieldError('month', `Not a month (YYYY-MM): ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const first = Date.UTC(year, index, 1);
  const next = Date.UTC(year, index + 1, 1);
  return {
    fromDay: new Date(first).toISOString().slice(0, 10),
    toDay: new Date(next).toISOString().slice(0, 10),
    // Clocks run from UTC−12 to UTC+14: a day either side covers them all; the calendar check is exact.
    fromInstant: new Date(first - DAY_MS),
    toInstant: new Date(next + DAY_MS),
  };
}

/** Whole minutes of monitored seconds and call minutes together, floored once: the one flooring of RTM time. */
export const totalMinutesOf = (seconds: number, callMinutes: number) => Math.floor((seconds + callMinutes * 60) / 60);

type Totals = { patientId: number; userId: number | null; seconds: number; callMinutes: number; calls: number };

/** Each staff member's own seconds and calls per patient, from a month's rows: what Balances pays. */
function totalsOf({ sessions, calls }: MonthEntries): Totals[] {
  const byKey = new Map<string, Totals>();
  const entry = (patient: number, user: number | null) => {
    const key = `${patient}:${user}`;
    let found = byKey.get(key);
    if (!found) {
      found = { patientId: patient, userId: user, seconds: 0, callMinutes: 0, calls: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const session of sessions) entry(session.patientId, session.userId).seconds += session.seconds;
  for (const call of calls) {
    const found = entry(call.patientId, call.userId);
    found.callMinutes += call.minutes;
    found.calls += 1;
  }
  return [...byKey.values()].sort((x, y) => x.patientId - y.patientId || (x.userId ?? 0) - (y.userId ?? 0));
}

/** A patient's month from its rows, as billing counts it: the union of the staff's sessions, and the calls. */
function patientMinutesOf({ sessions, calls }: MonthEntries): MonthlyMinutes {
  const seconds = monitoredSecondsOf(sessions);
  const callMinutes = calls.reduce((n, call) => n + call.minutes, 0);
  return {
    monitoredSeconds: seconds,
    callMinutes,
    totalMinutes: totalMinutesOf(seconds, callMinutes),
    hasLiveCall: calls.length > 0,
  };
}

/** The minutes read through `data`, a call's data access (or its transaction's): each month in its own clinic. */
export function createMonthlyMinutes(data: TxData) {
  /**
   * The month's sessions and live calls of the clinic (or one patient): the one place that decides which rows a
   * month counts. A session counts in the clinic's month of its start, a call in the month of its date.
   */
  async function entriesOf(clinicId: number, month: string, patientId?: number): Promise<MonthEntries> {
    const span = spanOf(month);
    // The month is of one clinic, which its caller found in their scope (decision 1340).
    const repo = data.within(clinicScope(clinicId)).monitoring;
    const [started, calls] = await Promise.all([
      repo.sessionsStartedIn({ patientId, from: span.fromInstant, to: span.toInstant }),
      repo.callsLoggedIn({ patientId, from: span.fromDay, to: span.toDay, kinds: LIVE_CALL_KINDS }),
    ]);
    const sessions = started
      .filter((session) => clinicMonthOf(session.startedAt, session.timezone) === month)
      .map((session) => ({ ...session, localStart: localDateTimeOf(session.startedAt, session.timezone) }));
    return { sessions, calls };
  }

  /** The clinic's month per patient: each patient's rows and the minutes those rows make. */
  const byPatient = (entries: MonthEntries): PatientMonthEntries[] => {
    const patients = new Map<number, MonthEntries>();
    const of = (patientId: number) => {
      let found = patients.get(patientId);
      if (!found) {
        found = { sessions: [], calls: [] };
        patients.set(patientId, found);
      }
      return found;
    };
    for (const session of entries.sessions) of(session.patientId).sessions.push(session);
    for (const call of entries.calls) of(call.patientId).calls.push(call);
    return [...patients]
      .sort(([x], [y]) => x - y)
      .map(([patientId, rows]) => ({ patientId, ...rows, minutes: patientMinutesOf(rows) }));
  };

  return {
    async minutesOfPatient(query: { clinicId: number; patientId: number; month: string }): Promise<MonthlyMinutes> {
      return patientMinutesOf(await entriesOf(query.clinicId, query.month, query.patientId));
    },

    async minutesOfClinic(query: { clinicId: number; month: string }): Promise<PatientMonthlyMinutes[]> {
      return byPatient(await entriesOf(query.clinicId, query.month)).map(({ patientId, minutes }) => ({
        patientId,
        ...minutes,
      }));
    },

    async minutesByStaff(query: { clinicId: number; month: string }): Promise<StaffMonthlyMinutes[]> {
      return totalsOf(await entriesOf(query.clinicId, query.month)).map((row) => ({
        patientId: row.patientId,
        userId: row.userId,
        calls: row.calls,
        monitoredSeconds: row.seconds,
        callMinutes: row.callMinutes,
        totalMinutes: totalMinutesOf(row.seconds, row.callMinutes),
        hasLiveCall: row.calls > 0,
      }));
    },

    /** One patient's sessions and calls of the month, and the minutes they add up to. */
    async entriesOfPatient(query: {
      clinicId: number;
      patientId: number;
      month: string;
    }): Promise<PatientMonthEntries> {
      const entries = await entriesOf(query.clinicId, query.month, query.patientId);
      return { patientId: query.patientId, ...entries, minutes: patientMinutesOf(entries) };
    },

    /** Every patient of the clinic with a session or a live call that month: their rows and minutes, by patient id. */
    async entriesOfClinic(query: { clinicId: number; month: string }): Promise<PatientMonthEntries[]> {
      return byPatient(await entriesOf(query.clinicId, query.month));
    },
  };
}
