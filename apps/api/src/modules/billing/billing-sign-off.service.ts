import {
  type BillingSignOff,
  dollarsOf,
  lastDayOfMonth,
  type PostCloseReview,
  ruleYearOf,
  type SignOffBody,
} from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { clinicMonthOfCall, type MonthParams } from './billing-clinic.ts';
import { createBillingFileMaker } from './billing-file-maker.ts';
import { createBillingMonth, monthTotalsOf } from './billing-month.ts';
import type { SignOffRow } from './billing-sign-off.repository.ts';
import { sha256Of, signedCopyOf } from './billing-sign-off-sheet.ts';
import { filedMonthOf } from './filed-month.ts';
import { monthAfter } from './month-close.ts';
import { closedMonthCorrections } from './post-close-corrections.ts';

type Deps = { clock: Clock; audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

const conflict = (detail: string) => new AppError('conflict', detail);

/** The month's state as the sign-off endpoints answer it, read in the clinic's data access. */
async function stateOf(data: TxData, month: string, row?: Omit<SignOffRow, 'clinicId'>): Promise<BillingSignOff> {
  const repo = data.billingSignOff;
  const signOff = row ?? (await repo.find(month));
  if (!signOff) {
    const isClosed = Boolean(await repo.closeOf(month));
    const none = { signed_by: null, signed_at: null, closed_file: null, signed_file: null };
    return { month, state: isClosed ? 'closed' : 'open', ...none };
  }
  const [closedName, signedName] = await Promise.all([
    repo.fileName(signOff.closedFileId),
    repo.fileName(signOff.signedFileId),
  ]);
  return {
    month,
    state: 'signed',
    signed_by: { id: signOff.signedBy, name: signOff.signerName },
    signed_at: signOff.signedAt.toISOString(),
    closed_file: { name: closedName ?? '', sha256: signOff.closedFileSha256 },
    signed_file: { name: signedName ?? '', sha256: signOff.signedFileSha256 },
  };
}

/**
 * The supervisor's sign-off of a closed billing month (decisions 1210, 1285): its state for every staff role, the
 * sign-off itself, and the review of what changed in closed months since they were filed.
 */
export function createBillingSignOffService({ clock, audit, config }: Deps) {
  const maker = createBillingFileMaker({ clock, audit, config });

  /** The figures signed must be those reviewed: a month filed anew since the page loaded refuses it. */
  function refuseUnreviewed(totals: ReturnType<typeof monthTotalsOf>, reviewed: SignOffBody['reviewed']) {
    const { units } = totals;
    const payment = dollarsOf(totals.expectedCents);
    if (units !== reviewed.units || payment !== reviewed.expected_payment) {
      throw conflict(
        `The month's figures changed since you reviewed them: now ${units} units, $${payment.toFixed(2)} expected. Review them again, then sign`,
      );
    }
  }

  const clinicMonth = (actor: Caller, params: MonthParams, clinicCode: string | undefined) =>
    clinicMonthOfCall(actor, params, clinicCode, clock.now());

  return {
    async state(actor: Caller, params: MonthParams, query: { clinic_code?: string }): Promise<BillingSignOff> {
      const { clinicData, month } = await clinicMonth(actor, params, query.clinic_code);
      return stateOf(clinicData, month);
    },

    /**
     * Signs the month's file as filed: its checksum, its filed figures, and a signed copy of the file with the
     * sign-off sheet, which the month's download answers from then on. A month not closed yet, or signed already, is
     * refused and nothing changes.
     */
    async sign(
      actor: Caller,
      params: MonthParams,
      query: { clinic_code?: string },
      body: SignOffBody,
      ctx: RequestContext,
    ) {
      const { clinic, clinicData, month } = await clinicMonth(actor, params, query.clinic_code);
      const row = await clinicData.transaction(async (data) => {
        const files = data.billingFiles;
        // The month held: a second sign-off, an admin's new version or an upload waits, then sees this one.
        await files.lockMonth(month);
        const repo = data.billingSignOff;
        const signed = await repo.find(month);
        if (signed) {
          throw conflict(
            `${month} was signed off already, by ${signed.signerName} at ${signed.signedAt.toISOString()}`,
          );
        }
        const close = await repo.closeOf(month);
        if (!close) {
          throw conflict(`${month} is not closed yet: a month is signed off once it has ended and its file is made`);
        }
        const newest = await files.newestWithContent(month);
        if (!newest) throw conflict(`${month} has no billing file to sign yet`);

        const signedAt = clock.now();
        const author = { userId: actor.id, ip: ctx.ip };
        const signerName = (await repo.staffName(actor.id)) ?? `Staff #${actor.id}`;
        // What is signed is what was filed (decision 1285): the figures kept at the close and the file made from
        // them, never a recomputation; corrections logged since are listed beside them for the next review. A month
        // closed before filed figures were kept is signed as decision 1210 had it: figures and file made now.
        const madeNow = close.figures
          ? null
          : await createBillingMonth(data, clock).monthOfClinic({ clinicId: clinic.id, month });
        const figures = close.figures ?? madeNow!;
        const totals = monthTotalsOf(figures.codes);
        refuseUnreviewed(totals, body.reviewed);
        // An admin's corrected upload is signed as it is, being the clinic's own correction of the filed figures.
        const file =
          newest.source === 'uploaded' || !madeNow
            ? newest
            : await maker.generateFrom(data, madeNow, author).then(({ info, content }) => ({ ...info, content }));
        const closedFile = { name: file.name, sha256: sha256Of(file.content) };
        const copy = await signedCopyOf(file.content, {
          month,
          signerName,
          signedAt,
          timezone: clinic.timezone,
          closedFile,
        });
        const stored = await maker.store(
          data,
          {
            month,
            name: file.name.replace(/\.xlsx$/i, '-signed.xlsx'),
            content: copy,
            source: 'signed',
          },
          author,
          'billing.file_generated',
        );
        const signOff = {
          month,
          signedBy: actor.id,
          signerName,
          signedAt,
          closedFileId: file.id,
          closedFileSha256: closedFile.sha256,
          signedFileId: stored.id,
          signedFileSha256: sha256Of(copy),
          figures: { codes: figures.codes, patients: figures.patients },
        };
        // Two sign-offs at once: the second waits on the first's row and is refused once it commits.
        if (!(await repo.insert(signOff))) throw conflict(`${month} was signed off already`);
        await audit.record(
          {
            action: 'billing.sign_off',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: clinic.id,
            ip: ctx.ip,
            detail: {
              month,
              closed_file_id: file.id,
              closed_file_sha256: signOff.closedFileSha256,
              signed_file_id: stored.id,
              signed_file_sha256: signOff.signedFileSha256,
              units: totals.units,
              expected_cents: totals.expectedCents,
            },
          },
          data.db,
        );
        return signOff;
      });
      return stateOf(clinicData, month, row);
    },

    /**
     * The review of a month (decision 1285): for the month before it and the month itself, when closed, what changed
     * after they were filed and its effect on each patient's figures. Names patients, so it is audited with their
     * ids.
     */
    async review(actor: Caller, params: MonthParams, query: { clinic_code?: string }, ctx: RequestContext) {
      const { clinic, clinicData, month } = await clinicMonth(actor, params, query.clinic_code);
      const repo = clinicData.billingSignOff;
      const months = createBillingMonth(actor.data, clock);
      const filed = (
        await Promise.all([monthAfter(month, -1), month].map((m) => filedMonthOf(actor.data, clinic.id, m)))
      ).filter((m) => m !== null);
      const closedMonths = await Promise.all(
        filed.map(async (filedMonth) => {
          const last = lastDayOfMonth(filedMonth.month);
          const [live, calls, rates] = await Promise.all([
            months.monthOfClinic({ clinicId: clinic.id, month: filedMonth.month }),
            repo.callsChangedSince({ first: `${filedMonth.month}-01`, last }, filedMonth.since),
            repo.ratesChangedSince(ruleYearOf(last), filedMonth.since),
          ]);
          return closedMonthCorrections(filedMonth, live, { calls, rates });
        }),
      );
      // Every patient the review names, by a change or by its effect on their figures.
      const patientIds = [
        ...new Set(
          closedMonths.flatMap((m) => [
            ...m.changes.flatMap((change) => (change.patient ? [change.patient.id] : [])),
            ...m.effects.map((effect) => effect.patient.id),
          ]),
        ),
      ];
      await audit.record({
        action: 'billing.post_sign_off_read',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
        detail: { month, closed_months: closedMonths.map((m) => m.month), patient_ids: patientIds },
      });
      return { month, closed_months: closedMonths } satisfies PostCloseReview;
    },
  };
}

export type BillingSignOffService = ReturnType<typeof createBillingSignOffService>;
