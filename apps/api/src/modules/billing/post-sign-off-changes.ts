/**
 * What changed in a signed month after its sign-off (decision 1210): the calls logged back-dated into it or deleted
 * from it, the rates changed, and each patient's figures as signed beside the same figures recomputed now. The
 * signed figures never move; this list is what the next month's review works from.
 */
import {
  type BillingCode,
  type BillingPatientRow,
  dollarsOf,
  type PostSignOffChange,
  type PostSignOffEffect,
  type SignedMonthChanges,
} from '@rehabit/contract';
import type { ClinicBillingMonth } from './billing-month.ts';
import type { SignedFigures } from './billing-sign-off.repository.ts';

type PatientRef = PostSignOffChange['patient'] & {};

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

type SignedMonth = { month: string; signedAt: Date; signerName: string; figures: SignedFigures };

const refOf = (row: BillingPatientRow): PatientRef => ({
  id: row.patient.id,
  first_name: row.patient.first_name,
  last_name: row.patient.last_name,
});

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const unitsByCode = (row: BillingPatientRow | undefined) =>
  new Map((row?.codes ?? []).map((code) => [code.code, code.units] as const));

/** Each patient whose recomputed figures differ from the signed ones: minutes, units per code and payment. */
export function effectsOf(signed: BillingPatientRow[], live: BillingPatientRow[]): PostSignOffEffect[] {
  const signedById = new Map(signed.map((row) => [row.patient.id, row]));
  const liveById = new Map(live.map((row) => [row.patient.id, row]));
  const ids = [...new Set([...signedById.keys(), ...liveById.keys()])];
  return ids.flatMap((id) => {
    const before = signedById.get(id);
    const now = liveById.get(id);
    const beforeUnits = unitsByCode(before);
    const nowUnits = unitsByCode(now);
    const codes = [...new Set([...beforeUnits.keys(), ...nowUnits.keys()])]
      .sort()
      .map((code) => ({ code: code as BillingCode, signed: beforeUnits.get(code) ?? 0, live: nowUnits.get(code) ?? 0 }))
      .filter((code) => code.signed !== code.live);
    const minutes = { signed: before?.minutes ?? 0, live: now?.minutes ?? 0 };
    const expected = { signed: before?.expected_payment ?? 0, live: now?.expected_payment ?? 0 };
    if (codes.length === 0 && minutes.signed === minutes.live && expected.signed === expected.live) return [];
    return [{ patient: refOf((now ?? before)!), minutes, codes, expected_payment: expected }];
  });
}

function callChanges(calls: ChangedCall[], since: Date): PostSignOffChange[] {
  return calls.flatMap((call) => {
    const what = `${call.kind === 'video' ? 'Video' : 'Phone'} call dated ${call.date}, ${call.minutes} min`;
    const changes: PostSignOffChange[] = [];
    if (call.createdAt > since) {
      changes.push({
        kind: 'call_logged',
        summary: `${what}, logged after the sign-off`,
        at: call.createdAt.toISOString(),
        by: call.loggedBy,
        patient: call.patient,
      });
    }
    if (call.deletedAt && call.deletedAt > since) {
      changes.push({
        kind: 'call_deleted',
        summary: `${what}, deleted after the sign-off`,
        at: call.deletedAt.toISOString(),
        by: call.deletedBy,
        patient: call.patient,
      });
    }
    return changes;
  });
}

function rateChanges(rates: ChangedRate[], figures: SignedFigures): PostSignOffChange[] {
  return rates.map((rate) => {
    const signed = figures.codes.find((code) => code.code === rate.code);
    return {
      kind: 'rate_changed',
      summary: `Rate of ${rate.code} changed to ${money(rate.rateCents)}${signed ? ` (signed at ${money(signed.rateCents)})` : ''}`,
      at: rate.updatedAt.toISOString(),
      by: rate.updatedBy,
      patient: null,
    };
  });
}

/** A signed month's changes since its sign-off and their effect, from the month recomputed as the data stand now. */
export function signedMonthChanges(
  signed: SignedMonth,
  live: ClinicBillingMonth,
  inputs: { calls: ChangedCall[]; rates: ChangedRate[] },
): SignedMonthChanges {
  const effects = effectsOf(signed.figures.patients, live.patients);
  const listed = [...callChanges(inputs.calls, signed.signedAt), ...rateChanges(inputs.rates, signed.figures)];
  // A patient whose figures moved without a call or rate that says why: data that arrived late, or the rules.
  const unexplained = effects
    .filter((effect) => !listed.some((change) => change.patient?.id === effect.patient.id))
    .map(
      (effect): PostSignOffChange => ({
        kind: 'figures_differ',
        summary: 'Recomputed from the data as they stand now, the figures differ from the signed ones',
        at: null,
        by: null,
        patient: effect.patient,
      }),
    );
  const cents = (codes: { expectedCents: number }[]) => codes.reduce((n, code) => n + code.expectedCents, 0);
  return {
    month: signed.month,
    signed_at: signed.signedAt.toISOString(),
    signed_by: signed.signerName,
    changes: [...listed.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '')), ...unexplained],
    effects,
    expected_payment: { signed: dollarsOf(cents(signed.figures.codes)), live: dollarsOf(cents(live.codes)) },
  };
}
