/**
 * A month's monitored minutes as staff read them and as an auditor receives them (decision 0702): the minutes of
 * monthly-minutes.ts with the very sessions and calls they were added up from, one page at a time or as a CSV.
 */

import type { MonitoringEntry } from '@rehabit/contract';
import { localDateTimeOf } from '../../lib/calendar.ts';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import type { LoggedCall } from './monitoring.repository.ts';
import type { MonthSession, PatientMonthEntries } from './monthly-minutes.ts';

/** A session or a call of the month, as one entry. */
type Entry = { type: 'session'; session: MonthSession } | { type: 'call'; call: LoggedCall };

/** The day an entry falls on in the clinic's calendar, the instant within it (calls have none: first) and its id. */
const orderOf = (entry: Entry): [string, number, number] =>
  entry.type === 'session'
    ? [entry.session.localStart.slice(0, 10), entry.session.startedAt.getTime(), entry.session.id]
    : [entry.call.date, Number.NEGATIVE_INFINITY, entry.call.id];

const compare = (x: Entry, y: Entry) => {
  const [dayX, atX, idX] = orderOf(x);
  const [dayY, atY, idY] = orderOf(y);
  return dayX.localeCompare(dayY) || atX - atY || (x.type === y.type ? idX - idY : x.type === 'call' ? -1 : 1);
};

/** A patient's sessions and calls in time order: by day in the clinic, a day's calls (they carry no time) first. */
export function inTimeOrder(entries: Pick<PatientMonthEntries, 'sessions' | 'calls'>): Entry[] {
  return [
    ...entries.sessions.map((session) => ({ type: 'session' as const, session })),
    ...entries.calls.map((call) => ({ type: 'call' as const, call })),
  ].sort(compare);
}

/** An entry as the read answers it. */
export function toMonitoringEntry(entry: Entry): MonitoringEntry {
  if (entry.type === 'call') {
    const { call } = entry;
    return {
      type: 'call',
      id: call.id,
      staff: call.userId === null ? null : { id: call.userId, display_name: call.staffName ?? '' },
      date: call.date,
      kind: call.kind,
      minutes: call.minutes,
    };
  }
  const { session } = entry;
  return {
    type: 'session',
    id: session.id,
    staff: { id: session.userId, display_name: session.staffName },
    started_at: session.startedAt.toISOString(),
    ended_at: session.endedAt?.toISOString() ?? null,
    seconds: session.seconds,
    context: session.context,
    end_reason: session.endReason,
  };
}

const header = [
  'Patient',
  'Patient ID',
  'Staff member',
  'Kind',
  'Start',
  'End',
  'Seconds counted',
  'Context',
  'End reason',
  'Total',
];

const FORMER_STAFF = 'Former staff member';

/** One CSV row per session and call, in time order, then the patient's three totals. */
function rowsOf(patient: { id: number; name: string }, month: PatientMonthEntries): (string | number)[][] {
  const rows = inTimeOrder(month).map((entry) => {
    if (entry.type === 'call') {
      const { call } = entry;
      // A video visit's call is shown from when both sides were first connected to when they last were, as the server
      // measured it (decision 1375); its counted seconds are the whole minutes logged.
      const { visit } = call;
      const kind = visit ? 'video visit' : call.kind === 'video' ? 'video call' : 'phone call';
      return [
        patient.name,
        patient.id,
        call.staffName ?? FORMER_STAFF,
        kind,
        visit ? localDateTimeOf(visit.from, call.timezone) : call.date,
        visit ? localDateTimeOf(visit.until, call.timezone) : '',
        call.minutes * 60,
        '',
        '',
        '',
      ];
    }
    const { session } = entry;
    const end = session.endedAt ? localDateTimeOf(session.endedAt, session.timezone) : '';
    return [
      patient.name,
      patient.id,
      session.staffName,
      'monitored session',
      session.localStart,
      end,
      session.seconds,
      session.context ?? '',
      session.endReason ?? 'open',
      '',
    ];
  });
  const total = (label: string, value: number) => [patient.name, patient.id, '', label, '', '', '', '', '', value];
  return [
    ...rows,
    total('Total monitored seconds', month.minutes.monitoredSeconds),
    total('Total call minutes', month.minutes.callMinutes),
    total('Total minutes (floored)', month.minutes.totalMinutes),
  ];
}

/**
 * The audit CSV of one or more patients' month: a header, then per patient each session and call in time order and
 * the patient's totals, which are the month's own minutes. A byte-order mark lets spreadsheets read it as UTF-8, and a
 * cell that a spreadsheet would take for a formula (= + - @, a tab or a carriage return first) gets a leading
 * apostrophe.
 */
export function monthCsv(patients: { patient: { id: number; name: string }; month: PatientMonthEntries }[]): string {
  const rows = patients.flatMap(({ patient, month }) => rowsOf(patient, month));
  return spreadsheetCsv([header, ...rows]);
}
