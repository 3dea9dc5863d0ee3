/**
 * The RTM billing rules of decision 0800, as one pure function of a patient's data: no I/O, no clock, the
 * same input always gives the same answer. The API feeds it from the database; the web shows its progress figures.
 */
import { addDays, daysBetween, lastDayOfMonth, localDateOf } from './calendar.ts';
import { monitoredSecondsOf } from './monitored-time.ts';

/**
 * Patient-generated data that makes a data day: an exercise logged done, a pain rating, an outcome measure the patient
 * filled in (`prom`), synced steps or distance. Entries made by staff are never among a patient's data events.
 */
export const dataDayKinds = ['exercise', 'pain', 'prom', 'steps', 'distance'] as const;
/** Physiological readings: stored and charted, but never a data day. */
export const physiologicalKinds = [
  'heart_rate',
  'blood_pressure_systolic',
  'blood_pressure_diastolic',
  'blood_glucose',
  'blood_oxygen',
] as const;
export type DataDayKind = (typeof dataDayKinds)[number];
export type BillingEventKind = DataDayKind | (typeof physiologicalKinds)[number];

export type BillingInput = {
  /** The clinic's timezone: days and months are its calendar's. */
  timezone: string;
  isCovered: boolean;
  hasConsent: boolean;
  /** Onboarded spans: `end` is the discharge day, null while onboarded. */
  episodes: { start: string; end: string | null }[];
  dataEvents: { at: string; kind: BillingEventKind }[];
  /** Sessions by their start and counted seconds: each stands for `[at, at + seconds]` (decision 1290). */
  monitoredSessions: { at: string; seconds: number; staff: number | string }[];
  calls: { at: string; minutes: number; kind: 'phone' | 'video' }[];
};

export const billingCodes = ['98975', '98977', '98985', '98979', '98980', '98981'] as const;
export type BillingCode = (typeof billingCodes)[number];

export type BilledCode = {
  code: BillingCode;
  units: number;
  dateOfService: string;
  windowStart?: string;
  windowEnd?: string;
  dataDays?: number;
  minutes?: number;
};

type RuleSet = {
  /** The first date of service the rules apply to: a change of rules is a new row, never an edit of history. */
  from: string;
  /** Data days in a window that bill set-up and education (98975), once per episode. */
  setupDataDays: number;
  /** Device supply per 30-day window, by its data days (inclusive bounds). */
  deviceCodes: { code: BillingCode; minDataDays: number; maxDataDays: number }[];
  /** Treatment management per calendar month, by its minutes, with a live call; 98981 adds to 98980. */
  managementCodes: { code: BillingCode; minMinutes: number; maxMinutes: number }[];
};

const ruleSets: readonly RuleSet[] = [
  {
    from: '2025-01-01',
    setupDataDays: 16,
    deviceCodes: [{ code: '98977', minDataDays: 16, maxDataDays: 30 }],
    managementCodes: [{ code: '98980', minMinutes: 20, maxMinutes: Number.POSITIVE_INFINITY }],
  },
  {
    from: '2026-01-01',
    setupDataDays: 2,
    deviceCodes: [
      { code: '98985', minDataDays: 2, maxDataDays: 15 },
      { code: '98977', minDataDays: 16, maxDataDays: 30 },
    ],
    managementCodes: [
      { code: '98979', minMinutes: 10, maxMinutes: 19 },
      { code: '98980', minMinutes: 20, maxMinutes: Number.POSITIVE_INFINITY },
    ],
  },
];

/** The rules of a date of service: its year's (dates before the first set use the first). */
const rulesFor = (dateOfService: string) =>
  [...ruleSets].reverse().find((rules) => rules.from <= dateOfService) ?? (ruleSets[0] as RuleSet);

/** The data days a month needs: the fewest any device code bills by the rules of that day (reminders, decision 1350). */
export const monthDataDaysNeeded = (day: string) => Math.min(...rulesFor(day).deviceCodes.map((c) => c.minDataDays));

const WINDOW_DAYS = 30;
/** 98981: each further full 20 minutes after the first 20 of 98980. */
const ADD_ON_MINUTES = 20;
const FIRST_MANAGEMENT_MINUTES = 20;

type Window = { start: string; end: string; dataDays: number };

/** The episode's 30-day windows from its start, the last cut short by the discharge, up to `until`. */
function windowsOf(episode: BillingInput['episodes'][number], dataDays: Set<string>, until: string): Window[] {
  const windows: Window[] = [];
  for (let start = episode.start; start <= until; start = addDays(start, WINDOW_DAYS)) {
    if (episode.end !== null && start > episode.end) break;
    const fullEnd = addDays(start, WINDOW_DAYS - 1);
    const end = episode.end !== null && episode.end < fullEnd ? episode.end : fullEnd;
    let count = 0;
    for (const day of dataDays) if (day >= start && day <= end) count += 1;
    windows.push({ start, end, dataDays: count });
  }
  return windows;
}

const isDataDayKind = (kind: BillingEventKind): kind is DataDayKind =>
  (dataDayKinds as readonly string[]).includes(kind);
const inEpisode = (input: BillingInput, day: string) =>
  input.episodes.some((episode) => episode.start <= day && (episode.end === null || day <= episode.end));

/**
 * A month's minutes as billing counts them (monitored seconds of all staff, overlaps of different staff counted once,
 * and live calls, on days inside an episode, floored once), and whether a live call is logged.
 */
export function billingMinutesOf(input: BillingInput, month: string) {
  const inMonth = (at: string) => {
    const day = localDateOf(new Date(at), input.timezone);
    return day.startsWith(month) && inEpisode(input, day);
  };
  const seconds = monitoredSecondsOf(
    input.monitoredSessions.filter((s) => inMonth(s.at)).map((s) => ({ startedAt: s.at, seconds: s.seconds })),
  );
  const calls = input.calls.filter((call) => inMonth(call.at));
  const callMinutes = calls.reduce((sum, call) => sum + call.minutes, 0);
  return { minutes: Math.floor((seconds + callMinutes * 60) / 60), hasLiveCall: calls.length > 0 };
}

/** A data day and the kinds of patient-generated data sent on it, for an auditor to check the day at its source. */
export type DataDaySources = { day: string; kinds: DataDayKind[] };

/** Each data day of the input (the clinic's calendar), in day order, with its kinds in the order of `dataDayKinds`. */
export function dataDaySourcesOf(input: BillingInput): DataDaySources[] {
  const kindsByDay = new Map<string, Set<DataDayKind>>();
  for (const event of input.dataEvents) {
    if (!isDataDayKind(event.kind)) continue;
    const day = localDateOf(new Date(event.at), input.timezone);
    const kinds = kindsByDay.get(day) ?? new Set();
    kindsByDay.set(day, kinds.add(event.kind));
  }
  return [...kindsByDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, kinds]) => ({ day, kinds: dataDayKinds.filter((kind) => kinds.has(kind)) }));
}

const dataDaysOf = (input: BillingInput) => new Set(dataDaySourcesOf(input).map((d) => d.day));

/** The management codes of a month's minutes with a live call, by the rules of its date of service. */
function managementCodesOf(minutes: number, hasLiveCall: boolean, dateOfService: string): BilledCode[] {
  if (!hasLiveCall) return [];
  const tier = rulesFor(dateOfService).managementCodes.find((c) => minutes >= c.minMinutes && minutes <= c.maxMinutes);
  if (!tier) return [];
  const billed: BilledCode[] = [{ code: tier.code, units: 1, dateOfService, minutes }];
  const addOns = tier.code === '98980' ? Math.floor((minutes - FIRST_MANAGEMENT_MINUTES) / ADD_ON_MINUTES) : 0;
  if (addOns > 0) billed.push({ code: '98981', units: addOns, dateOfService, minutes });
  return billed;
}

/**
 * The codes whose date of service falls in `month` (`YYYY-MM`), for a covered and consented patient:
 * - device supply (98977; from 2026 98985 below 16 data days) per 30-day window from the episode's start, dated
 *   the window's last day (the discharge day when discharge cut it short);
 * - set-up (98975) once per episode, with its first window reaching the threshold of that window's year;
 * - treatment management (98980 with 98981 add-ons; from 2026 98979 for 10–19 minutes) per calendar month, dated
 *   its last day, needing a live call.
 * The year of the date of service picks the rules. Data days and months are the clinic's calendar.
 */
export function computeBillingUnits(input: BillingInput, month: string): BilledCode[] {
  if (!input.isCovered || !input.hasConsent) return [];
  const monthEnd = lastDayOfMonth(month);
  const dataDays = dataDaysOf(input);
  const billed: BilledCode[] = [];

  for (const episode of input.episodes) {
    let setupBilled = false;
    for (const window of windowsOf(episode, dataDays, monthEnd)) {
      const rules = rulesFor(window.end);
      const isInMonth = window.end.startsWith(month);
      const dated = { dateOfService: window.end, windowStart: window.start, windowEnd: window.end };
      if (!setupBilled && window.dataDays >= rules.setupDataDays) {
        setupBilled = true;
        if (isInMonth) billed.push({ code: '98975', units: 1, ...dated, dataDays: window.dataDays });
      }
      const device = rules.deviceCodes.find(
        (c) => window.dataDays >= c.minDataDays && window.dataDays <= c.maxDataDays,
      );
      if (device && isInMonth) billed.push({ code: device.code, units: 1, ...dated, dataDays: window.dataDays });
    }
  }

  const { minutes, hasLiveCall } = billingMinutesOf(input, month);
  billed.push(...managementCodesOf(minutes, hasLiveCall, monthEnd));
  return billed.sort((a, b) => a.dateOfService.localeCompare(b.dateOfService) || a.code.localeCompare(b.code));
}

/** What a code still needs: data days in the current window, minutes this month, a live call; zero when met. */
export type BillingThreshold = {
  code: BillingCode;
  dataDaysNeeded?: number;
  minutesNeeded?: number;
  needsLiveCall?: boolean;
};

export type BillingProgress = {
  /** The 30-day window holding `today`, while the patient is onboarded. */
  window: { start: string; end: string; dataDays: number; daysLeft: number } | null;
  minutes: number;
  hasLiveCall: boolean;
  /** The next threshold of each code, by the rules of the dates of service ahead. */
  next: BillingThreshold[];
};

const episodeHolding = (episodes: BillingInput['episodes'], today: string) =>
  episodes.find((e) => e.start <= today && (e.end === null || today <= e.end));

/**
 * The first day whose data days a status of `today` needs: the start of the 30-day window holding today (null when
 * no episode holds today, and no data day counts). `billingProgress` also reads earlier windows, only to know whether
 * set-up was billed; set-up's threshold is the lowest device threshold of every rule set, so whatever they hold,
 * `rtmStatusOf` answers the same (its tests check it), and a clinic's statuses read a month of data, not its history.
 */
export function statusDataFrom(episodes: BillingInput['episodes'], today: string): string | null {
  const episode = episodeHolding(episodes, today);
  return episode ? (windowsOf(episode, new Set(), today).at(-1) as Window).start : null;
}

/**
 * How close a patient is on `today` (the clinic's calendar day): data days so far in the current window and the
 * days left in it (today included), minutes so far this month, whether a live call is logged, and what each code
 * still needs.
 */
export function billingProgress(input: BillingInput, today: string): BillingProgress {
  const month = today.slice(0, 7);
  const { minutes, hasLiveCall } = billingMinutesOf(input, month);
  const managementRules = rulesFor(lastDayOfMonth(month));
  const next: BillingThreshold[] = managementRules.managementCodes.map((c) => ({
    code: c.code,
    minutesNeeded: Math.max(0, c.minMinutes - minutes),
    needsLiveCall: !hasLiveCall,
  }));
  const addOns = Math.max(0, Math.floor((minutes - FIRST_MANAGEMENT_MINUTES) / ADD_ON_MINUTES));
  const nextAddOnAt = FIRST_MANAGEMENT_MINUTES + ADD_ON_MINUTES * (addOns + 1);
  next.push({ code: '98981', minutesNeeded: nextAddOnAt - minutes, needsLiveCall: !hasLiveCall });

  const episode = episodeHolding(input.episodes, today);
  if (!episode) return { window: null, minutes, hasLiveCall, next };
  const windows = windowsOf(episode, dataDaysOf(input), today);
  const current = windows.at(-1) as Window;
  const rules = rulesFor(current.end);
  const setupDone = windows.slice(0, -1).some((w) => w.dataDays >= rulesFor(w.end).setupDataDays);
  if (!setupDone) next.push({ code: '98975', dataDaysNeeded: Math.max(0, rules.setupDataDays - current.dataDays) });
  for (const device of rules.deviceCodes) {
    next.push({ code: device.code, dataDaysNeeded: Math.max(0, device.minDataDays - current.dataDays) });
  }
  const window = { ...current, daysLeft: daysBetween(today, current.end) + 1 };
  return { window, minutes, hasLiveCall, next };
}
