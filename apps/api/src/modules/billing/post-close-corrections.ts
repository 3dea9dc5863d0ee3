/**
 * What changed in a closed month after it was filed (decisions 1210, 1285): the calls logged back-dated into it or
 * deleted from it, the rates changed, and each patient's figures as filed beside the same figures recomputed now.
 * The filed (and signed) figures never move; this list is what the next month's review works from.
 */
import {
  type BillingCode,
  type BillingPatientRow,
  type ClosedMonthCorrections,
  dollarsOf,
  type PostCloseChange,
  type PostCloseEffect,
} from '@rehabit/contract';
import type { ClinicBillingMonth } from './billing-month.ts';
import type { SignedFigures } from './billing-sign-off.repository.ts';
import type { FiledMonth } from './filed-month.ts';

type PatientRef = PostCloseChange['patient'] & {};

export type ChangedCall = {
  date: string;
  kind: string;
  minutes: number;
  createdAt: Date;
  deletedAt: Date | null;
  loggedBy: string | null;
  deletedBy: string | null;
  patient: PatientRef;
};

export type ChangedRate = { code: string; rateCents: number; updatedAt: Date; updatedBy: string | null };

const refOf = (row: BillingPatientRow): PatientRef => ({
  id: row.patient.id,
  first_name: row.patient.first_name,
  last_name: row.patient.last_name,
});

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const unitsByCode = (row: BillingPatientRow | undefined) =>
  new Map((row?.codes ?? []).map((code) => [code.code, code.units] as const));

/** Each patient whose recomputed figures differ from the filed ones: minutes, units per code and payment. */
export function effectsOf(filed: BillingPatientRow[], live: BillingPatientRow[]): PostCloseEffect[] {
  const filedById = new Map(filed.map((row) => [row.patient.id, row]));
  const liveById = new Map(live.map((row) => [row.patient.id, row]));
  const ids = [...new Set([...filedById.keys(), ...liveById.keys()])];
  return ids.flatMap((id) => {
    const before = filedById.get(id);
    const now = liveById.get(id);
    const beforeUnits = unitsByCode(before);
    const nowUnits = unitsByCode(now);
    const codes = [...new Set([...beforeUnits.keys(), ...nowUnits.keys()])]
      .sort()
      .map((code) => ({ code: code as BillingCode, filed: beforeUnits.get(code) ?? 0, live: nowUnits.get(code) ?? 0 }))
      .filter((code) => code.filed !== code.live);
    const minutes = { filed: before?.minutes ?? 0, live: now?.minutes ?? 0 };
    const expected = { filed: before?.expected_payment ?? 0, live: now?.expected_payment ?? 0 };
    if (codes.length === 0 && minutes.filed === minutes.live && expected.filed === expected.live) return [];
    return [{ patient: refOf((now ?? before)!), minutes, codes, expected_payment: expected }];
  });
}

function callChanges(calls: ChangedCall[], filed: FiledMonth): PostCloseChange[] {
  const since = filed.since;
  const after = filed.sinceWhat === 'close' ? 'after the close' : 'after the sign-off';
  return calls.flatMap((call) => {
    const what = `${call.kind === 'video' ? 'Video' : 'Phone'} call dated ${call.date}, ${call.minutes} min`;
    const changes: PostCloseChange[] = [];
    if (call.createdAt > since) {
      changes.push({
        kind: 'call_logged',
        summary: `${what}, logged ${after}`,
        at: call.createdAt.toISOString(),
        by: call.loggedBy,
        patient: call.patient,
      });
    }
    if (call.deletedAt && call.deletedAt > since) {
      changes.push({
        kind: 'call_deleted',
        summary: `${what}, deleted ${after}`,
        at: call.deletedAt.toISOString(),
        by: call.deletedBy,
        patient: call.patient,
      });
    }
    return changes;
  });
}

function rateChanges(rates: ChangedRate[], filed: FiledMonth): PostCloseChange[] {
  const as = filed.signOff ? 'signed' : 'filed';
  return rates.map((rate) => {
    const before = filed.figures.codes.find((code) => code.code === rate.code);
    return {
      kind: 'rate_changed',
      summary: `Rate of ${rate.code} changed to ${money(rate.rateCents)}${before ? ` (${as} at ${money(before.rateCents)})` : ''}`,
      at: rate.updatedAt.toISOString(),
      by: rate.updatedBy,
      patient: null,
    };
  });
}

/** A closed month's corrections since it was filed and their effect, from the month recomputed as the data stand now. */
export function closedMonthCorrections(
  filed: FiledMonth,
  live: ClinicBillingMonth,
  inputs: { calls: ChangedCall[]; rates: ChangedRate[] },
): ClosedMonthCorrections {
  const effects = effectsOf(filed.figures.patients, live.patients);
  const listed = [...callChanges(inputs.calls, filed), ...rateChanges(inputs.rates, filed)];
  // A patient whose figures moved without a call or rate that says why: data that arrived late, or the rules.
  const unexplained = effects
    .filter((effect) => !listed.some((change) => change.patient?.id === effect.patient.id))
    .map(
      (effect): PostCloseChange => ({
        kind: 'figures_differ',
        summary: `Recomputed from the data as they stand now, the figures differ from the ${filed.signOff ? 'signed' : 'filed'} ones`,
        at: null,
        by: null,
        patient: effect.patient,
      }),
    );
  const cents = (codes: SignedFigures['codes']) => codes.reduce((n, code) => n + code.expectedCents, 0);
  return {
    month: filed.month,
    state: filed.signOff ? 'signed' : 'closed',
    filed_at: filed.since.toISOString(),
    filed_by: filed.sinceWhat,
    signed_at: filed.signOff?.signedAt.toISOString() ?? null,
    signed_by: filed.signOff?.signerName ?? null,
    changes: [...listed.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '')), ...unexplained],
    effects,
    expected_payment: { filed: dollarsOf(cents(filed.figures.codes)), live: dollarsOf(cents(live.codes)) },
  };
}
