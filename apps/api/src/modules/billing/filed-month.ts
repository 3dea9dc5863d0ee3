/**
 * A closed month's figures as filed (decision 1285): once signed, the signed ones; before, those the month's file
 * was made from. They never move: every screen of the month shows them, and what changed in the month's inputs after
 * `since` is a post-close correction, listed for the next review. A month closed before filed figures were kept has
 * none until it is signed.
 */
import { clinicScope } from '../../db/scope.ts';
import type { TxData } from '../data-access.ts';
import type { SignedFigures, SignOffRow } from './billing-sign-off.repository.ts';

export type FiledMonth = {
  month: string;
  figures: SignedFigures;
  /** When the figures were taken: corrections are the changes made after it. */
  since: Date;
  /** What that moment was: the close (or an admin's new file of the closed month), or a sign-off before 1285. */
  sinceWhat: 'close' | 'sign-off';
  signOff: SignOffRow | null;
};

/** The filed month of a clinic its caller has found in its own scope (the billed clinic, a patient's). */
export async function filedMonthOf(data: TxData, clinicId: number, month: string): Promise<FiledMonth | null> {
  const repo = data.within(clinicScope(clinicId)).billingSignOff;
  const [close, signOff] = await Promise.all([repo.closeOf(month), repo.find(month)]);
  // A sign-off signs the filed figures when the close kept them, so corrections still count from the close.
  const filedAt = close?.figures ? close.filedAt : null;
  if (signOff) {
    return {
      month,
      figures: signOff.figures,
      since: filedAt ?? signOff.signedAt,
      sinceWhat: filedAt ? 'close' : 'sign-off',
      signOff,
    };
  }
  if (!close?.figures || !filedAt) return null;
  return { month, figures: close.figures, since: filedAt, sinceWhat: 'close', signOff: null };
}
